import Audio
import ChirperCore
import Dispatch
import FoundationEssentials
import Glibc
import PlaybackModel
import Sonogram
import XenoCanto

/// Everything that can wake the browse loop.
enum BrowseInput: Sendable {
    case keys([TerminalKey])
    case list(ListEvent)
    /// An event of the play numbered `generation`; events of a play already replaced are dropped.
    case playback(generation: Int, recordingID: String, PlaybackEvent)
    /// A sonogram asked for with v, made or failed.
    case sonogram(id: String, Result<Spectrogram, PlaybackError>)
    case tick
    case resize
    case terminate
}

/// `browse`'s event loop. One task owns the `BrowseModel`; keys, pages, player events, clock ticks,
/// resizes and SIGTERM all arrive on one stream, in order, and each changes the model and then the
/// screen (only the lines that changed). The commands the model returns are the only I/O it causes.
struct BrowseSession {
    let client: any SearchClient
    let perPage: Int
    let playerOptions: PlaybackEngine.Options

    /// Runs until q, Ctrl-C or SIGTERM; the terminal is as it was when this returns.
    func run(query: SearchQuery?, page: Int, raw: Bool) async -> ExitStatus {
        let (inputs, continuation) = AsyncStream<BrowseInput>.makeStream()
        let input = TerminalInput()
        TerminalRestore.installCrashHandlers()
        InterruptHandler.install(exits: false) {
            continuation.yield(.terminate)
            // The loop leaves at once in practice; should it not, the terminal is still given back.
            DispatchQueue.global().asyncAfter(deadline: .now() + 3) {
                TerminalRestore.restore()
                exit(ExitStatus.interrupted.rawValue)
            }
        }
        signal(SIGWINCH, SIG_IGN)
        let resizes = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        resizes.setEventHandler { continuation.yield(.resize) }
        resizes.resume()
        let keys = Task {
            for await keys in input.keys() { continuation.yield(.keys(keys)) }
        }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                continuation.yield(.tick)
            }
        }

        var screen = FullScreen()
        let size = Terminal.size ?? (80, 24)
        var model = BrowseModel(width: size.width, height: size.height, raw: raw)
        var audio = BrowseAudio(options: playerOptions, inputs: continuation)
        var status = ExitStatus.found
        var feedNeedsUpdate = false

        func perform(_ commands: [BrowseCommand]) -> Bool {
            for command in commands {
                switch command {
                case .fetch(let query, let page):
                    Task { [client, perPage] in
                        do throws(APIError) {
                            let result = try await client.search(query, page: page, perPage: perPage)
                            continuation.yield(.list(.pageLoaded(query, result)))
                        } catch {
                            continuation.yield(.list(.pageFailed(query, page: page, error)))
                        }
                    }
                case .play(let recording):
                    if audio.isActive { _ = perform(model.receive(.playbackStopped)) }
                    audio.play(recording)
                case .playAll(let row):
                    if audio.isActive { _ = perform(model.receive(.playbackStopped)) }
                    audio.playAll(from: row, of: model, requestMore: { continuation.yield(.list(.nextPageRequested)) })
                case .next:
                    audio.next()
                case .makeSonogram(let recording):
                    guard let url = recording.audioURL else { continue }
                    Task {
                        do throws(PlaybackError) {
                            let made = try await SonogramMaker.spectrogram(of: .url(url), expectedSeconds: recording.duration)
                            continuation.yield(.sonogram(id: recording.id, .success(made)))
                        } catch {
                            continuation.yield(.sonogram(id: recording.id, .failure(error)))
                        }
                    }
                case .togglePause:
                    audio.togglePause()
                case .changeSpeed(let change):
                    audio.options.speed = audio.options.speed.applying(change)
                    audio.send(.speed(change))
                case .markLoop:
                    audio.send(.markLoop)
                case .stopPlayback:
                    audio.stop()
                    _ = perform(model.receive(.playbackStopped))
                case .quit(let interrupted):
                    status = interrupted ? .interrupted : .found
                    return false
                }
            }
            return true
        }

        if let query {
            _ = perform(model.receive(.searchStarted(query, page: page)))
        } else {
            _ = perform(model.press(.character("/")))
        }
        screen.draw(model)
        loop: for await next in inputs {
            switch next {
            case .keys(let keys):
                for key in keys where !perform(model.press(key)) { break loop }
            case .list(let event):
                _ = perform(model.receive(event))
                feedNeedsUpdate = true
            case .playback(let generation, let id, let event):
                guard generation == audio.generation else { continue }
                _ = perform(model.receive(.playback(recordingID: id, event)))
            case .sonogram(let id, let result):
                model.receiveSonogram(id: id, result)
            case .tick:
                guard model.isBusy else { continue }
                model.advance()
            case .resize:
                let size = Terminal.size ?? (model.layout.width, model.layout.height)
                _ = perform(model.resize(width: size.width, height: size.height))
                screen.invalidate()
            case .terminate:
                status = .interrupted
                break loop
            }
            if feedNeedsUpdate {
                feedNeedsUpdate = false
                await audio.updateQueue(model)
            }
            screen.draw(model)
        }

        ticker.cancel()
        keys.cancel()
        resizes.cancel()
        await audio.finish()
        screen.leave()
        input.restore()
        return status
    }
}
