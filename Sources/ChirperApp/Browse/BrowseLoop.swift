import Audio
import ChirperCore
import MediaControl
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
    /// The starred rows as the list holds them, and why a star was not kept.
    case starred(Set<String>, notice: String?)
    /// The searches the library remembers, newest first.
    case pastSearches([String])
    /// A line for the screen: something the library could not keep.
    case notice(String)
    /// What the desktop asks of the player (media keys, playerctl).
    case desktop(MediaRequest)
    case tick
    case resize
    /// The program was suspended and continued (Ctrl-Z, then fg): the screen was another's meanwhile.
    case continued
    case terminate
}

extension BrowseInput {
    /// Decodes `recording` into a spectrogram off the loop, and sends it (or why not) back as `.sonogram`.
    static func makeSonogram(of recording: Recording, into continuation: AsyncStream<BrowseInput>.Continuation) {
        guard let source = recording.audioSource else { return }
        Task {
            do throws(PlaybackError) {
                let made = try await SonogramMaker.spectrogram(of: source, expectedSeconds: recording.duration)
                continuation.yield(.sonogram(id: recording.id, .success(made)))
            } catch {
                continuation.yield(.sonogram(id: recording.id, .failure(error)))
            }
        }
    }
}

/// `browse`'s event loop. One task owns the `BrowseModel`; keys, pages, player events, clock ticks,
/// resizes and SIGTERM all arrive on one stream, in order, and each changes the model and then the
/// screen (only the lines that changed). The commands the model returns are the only I/O it causes:
/// pages from the `SearchClient`, sound from the engine, sonograms. The terminal's plumbing is
/// `BrowseSession`'s, so the loop runs in process in tests, with an in-memory API and a recorded screen.
struct BrowseLoop {
    let client: any SearchClient
    let perPage: Int
    let playerOptions: PlaybackEngine.Options
    /// Where `f` stars, the plays and the searches go; nil: nothing is kept.
    var library: (any BrowseLibrary)? = nil
    /// Whether a new search is remembered (not over a pack or a list).
    var remembersSearches = true
    /// How long browse waits, once asked to end, for the library to answer what it was told: longer
    /// than the library waits for another process's lock.
    var libraryWait: Duration = .seconds(12)
    /// What browse tells the library, and what it did not keep (said when browse has left the screen).
    let libraryWrites = LibraryWrites()
    /// Columns and rows now (asked at the start and after each resize).
    let terminalSize: @Sendable () -> (width: Int, height: Int)?

    /// Runs until q, Ctrl-C or `.terminate`, then stops the sound and waits for the player to let go.
    func run(query: SearchQuery?, page: Int, raw: Bool, inputs: AsyncStream<BrowseInput>,
             continuation: AsyncStream<BrowseInput>.Continuation, screen: inout some BrowseScreen) async -> ExitStatus {
        let size = terminalSize() ?? (80, 24)
        var model = BrowseModel(width: size.width, height: size.height, raw: raw)
        var audio = BrowseAudio(options: playerOptions, inputs: continuation)
        var status = ExitStatus.found
        var feedNeedsUpdate = false
        // What the library is told goes one write after another, and all of it is kept before the loop
        // returns, or said not to be: a star shown is a star kept.
        func write(_ change: String, _ work: @escaping @Sendable () async -> String?) { libraryWrites.write(change, work) }

        func perform(_ commands: [BrowseCommand]) -> Bool {
            for command in commands {
                switch command {
                case .fetch(let query, let page):
                    if page == 1, remembersSearches, let library {
                        write("the search \(query.text)") { await library.remember(search: query.text) }
                    }
                    Task { [client, perPage] in
                        continuation.yield(.list(await client.answer(query, page: page, perPage: perPage)))
                    }
                case .play(let recording):
                    if audio.isActive { _ = perform(model.receive(.playbackStopped)) }
                    audio.play(recording, speed: model.listening.speed)
                    if let library { write("the play of XC\(recording.id)") { await library.remember(play: recording) } }
                case .playAll(let row):
                    if audio.isActive { _ = perform(model.receive(.playbackStopped)) }
                    audio.playAll(from: row, of: model, speed: model.listening.speed, requestMore: { continuation.yield(.list(.nextPageRequested)) })
                case .makeSonogram(let recording):
                    BrowseInput.makeSonogram(of: recording, into: continuation)
                case .star(let recording, let list, let on):
                    guard let library else { continue }
                    write((on ? "the star of XC" : "the unstar of XC") + recording.id + " on \(list)") {
                        guard let problem = await library.star(recording, list: list, on: on) else { return nil }
                        // The screen shows what the library holds, and why the change is not there.
                        continuation.yield(.starred(await library.starred() ?? [], notice: problem))
                        return problem
                    }
                case .listen(let command):
                    audio.perform(command)
                case .openPage(let recording):
                    model.notice = RecordingHandoff.openPage(of: recording)
                case .copyNumber(let recording):
                    model.notice = RecordingHandoff.copyNumber(of: recording)
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

        // The library's process starts once the first rows are drawn, so it does not compete with them.
        var libraryAsked = false
        func askTheLibrary() {
            guard !libraryAsked, let library else { return }
            libraryAsked = true
            Task {
                if let ids = await library.starred() { continuation.yield(.starred(ids, notice: nil)) }
                continuation.yield(.pastSearches(await library.pastSearches()))
            }
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
            case .starred(let ids, let notice):
                model.showStarred(ids, keepingPresses: notice == nil)
                if let notice { model.notice = notice }
            case .pastSearches(let queries):
                model.showPastSearches(queries)
            case .notice(let text):
                model.notice = text
            case .desktop(let request):
                for command in DesktopPlayer.commands(for: request, in: audio.desktopState) {
                    switch command {
                    case .listen(let listening): audio.perform(listening)
                    case .quit: if audio.isActive { _ = perform([.stopPlayback]) }
                    }
                }
            case .tick:
                guard model.isBusy else { continue }
                model.advance()
            case .resize, .continued:  // the terminal may have been resized while suspended
                let size = terminalSize() ?? (model.layout.width, model.layout.height)
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
            if !model.rows.isEmpty || !model.isBusy { askTheLibrary() }
        }

        continuation.finish()  // nothing more is read: what the terminal still sends is dropped, not kept
        await audio.finish()
        if !libraryWrites.allAnswered {
            model.notice = "Keeping your changes in the library…"
            screen.draw(model)
        }
        await libraryWrites.waitForAll(atMost: libraryWait)
        return status
    }
}

/// Where browse's frames go: the terminal's alternate screen, or a test's record.
protocol BrowseScreen {
    /// Shows the model's frame.
    mutating func draw(_ model: BrowseModel)
    /// The next draw repaints everything.
    mutating func invalidate()
}
