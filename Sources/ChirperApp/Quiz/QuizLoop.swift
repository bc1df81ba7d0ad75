import Audio
import Dispatch
import DisplayText
import ChirperCore
import FoundationEssentials
import LibraryModel
import MediaControl
import PlaybackModel
import XenoCanto

/// The quiz's event loop, as browse's: keys, the player's events and sonograms arrive on one stream;
/// each changes the `QuizModel`, whose commands are the only effects (the sound, a sonogram, an answer
/// kept in the library with the card's next review), and the screen is redrawn.
struct QuizLoop {
    let title: String
    let playerOptions: PlaybackEngine.Options
    /// For `chirper compare` run on this terminal by `c`: the same server and device.
    let childOptions: [String]
    let library: any LibraryStore
    /// The set's recordings by card, for `c` (the compare screen with a recording of the species named by mistake).
    let recordings: [QuizCardKey: [Recording]]
    let scheduler = FSRS()
    let terminalSize: @Sendable () -> (width: Int, height: Int)?

    /// How a session ended: its status, the answers given, and how many of them the library did not keep.
    struct Ending {
        var status: ExitStatus
        var answers: [QuizAnswer]
        var notKept: Int
    }

    /// Answers are written one after another, off the loop (the screen does not wait for the library).
    private let saves = DispatchQueue(label: "chirper.quiz.saves")

    /// Runs the session until it is over or left.
    func run(_ start: QuizModel, states: [QuizCardKey: QuizPlanner.CardState], inputs: AsyncStream<BrowseInput>,
             continuation: AsyncStream<BrowseInput>.Continuation, screen: inout FullScreen) async -> Ending {
        var model = start
        var cards = states.mapValues(\.card)
        var audio = BrowseAudio(options: playerOptions, inputs: continuation, hidesNames: true)
        var status = ExitStatus.found
        var problem: String?
        var notKept = 0
        var comparing: (heard: Recording, other: Recording)?

        func perform(_ commands: [QuizCommand]) -> Bool {
            for command in commands {
                switch command {
                case .play(let recording):
                    audio.play(recording, speed: .normal)
                case .replay:
                    if let question = model.current { audio.play(question.recording, speed: .normal) }
                case .listen(let listening):
                    audio.perform(listening)
                case .stop:
                    audio.stop()
                case .makeSonogram(let recording):
                    BrowseInput.makeSonogram(of: recording, into: continuation)
                case .record(let answer):
                    let now = Date()
                    let card = scheduler.review(cards[answer.card] ?? FSRS.Card(), answer.rating, at: now.timeIntervalSince1970)
                    cards[answer.card] = card
                    let record = QuizAnswerRecord(species: answer.card.species, soundType: answer.card.soundType, recording: answer.recording,
                                                  named: answer.named, rating: answer.rating.rawValue, hinted: answer.hinted, at: now)
                    let kept = QuizRecords.record(answer.card, card: card, lastRecording: answer.recording)
                    problem = nil
                    saves.async { [library] in
                        do throws(LibraryError) { try library.save(answer: record, card: kept) } catch {
                            continuation.yield(.notice("✗ that answer was not kept: " + error.description))
                        }
                    }
                case .compare(let heard, let species):
                    let type = model.current?.card.soundType
                    let theirs = recordings.filter { $0.key.species == species }.sorted { ($0.key.soundType == type ? 0 : 1) < ($1.key.soundType == type ? 0 : 1) }
                    comparing = theirs.first?.value.first { $0.id != heard.id }.map { (heard, $0) }
                case .quit(let interrupted):
                    status = interrupted ? .interrupted : .found
                    return false
                }
            }
            return true
        }

        func draw() {
            let size = terminalSize() ?? (80, 24)
            model.width = size.width
            var lines = QuizRenderer.lines(model, title: "chirper quiz · " + title)
            if let problem { lines.append(Displayable.line(problem)) }
            let frame = Array((lines + Array(repeating: "", count: max(0, size.height - lines.count))).prefix(size.height))
            screen.draw(frame.map { ScreenLine(TextWidth.truncate($0, to: size.width)) }, width: size.width)
        }

        _ = perform(model.start())
        draw()
        loop: for await next in inputs {
            switch next {
            case .keys(let keys):
                for key in keys where !perform(model.press(key)) { break loop }
                if let (heard, other) = comparing {
                    comparing = nil
                    audio.stop()
                    let code = await screen.lend { await ChildCommand.running(["compare", "XC" + heard.id, "XC" + other.id] + childOptions) }
                    if code == ExitStatus.interrupted.rawValue {
                        status = .interrupted
                        break loop
                    }
                    problem = code == 0 ? nil : "✗ the compare screen could not open (chirper compare XC\(heard.id) XC\(other.id))."
                }
            case .playback(let generation, _, let event):
                guard generation == audio.generation else { continue }
                model.receive(event)
            case .sonogram(let id, let result):
                guard case .success(let made) = result, model.current?.recording.id == id else { continue }
                let size = SonogramText.pictureSize(width: model.width, lines: 10)
                model.receiveSonogram(SonogramPicture(made, width: size.width, height: size.height))
            case .resize, .continued:
                screen.invalidate()
            case .terminate:
                status = .interrupted
                break loop
            case .notice(let text):
                problem = text
                notKept += 1
            case .desktop(let request):
                // The question's one recording has no next or previous (the desktop is told so), and its
                // sound ends with the question: the desktop pauses and seeks, and its stop pauses.
                for command in DesktopPlayer.commands(for: request, in: audio.desktopState) {
                    switch command {
                    case .listen(let listening): audio.perform(listening)
                    case .quit: if audio.desktopState.status == .playing { audio.perform(.togglePause) }
                    }
                }
            case .tick, .list, .starred, .pastSearches:
                continue
            }
            draw()
        }
        // The last answers' saves are waited for, so the summary can say whether they were kept.
        saves.sync {}
        continuation.finish()
        await audio.finish()
        for await next in inputs { if case .notice = next { notKept += 1 } }
        return Ending(status: status, answers: model.answers, notKept: notKept)
    }
}
