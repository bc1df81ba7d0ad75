import Audio
import Dispatch
import DisplayText
import ChirperCore
import FoundationEssentials
import LibraryModel
import MediaControl
import PlaybackModel
import XenoCanto

/// The quiz's event loop, as browse's: keys, the player's events and sonograms arrive on one stream and
/// become `QuizSession` inputs; the session holds all of the screen's state, and its effects (the sound,
/// a sonogram, an answer kept in the library with the card's next review, the compare screen) are the
/// only things this loop does besides drawing.
struct QuizLoop {
    let title: String
    let playerOptions: PlaybackEngine.Options
    /// For `chirper compare` run on this terminal by `c`: the same server and device.
    let childOptions: [String]
    let library: any LibraryStore
    /// The set's recordings by card, for `c` (the compare screen with a recording of the species named by mistake).
    let recordings: [QuizCardKey: [Recording]]
    /// Where each question's sound starts and ends.
    let clips: QuestionClips
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
    func run<Screen: QuizScreen>(_ start: QuizModel, states: [QuizCardKey: QuizPlanner.CardState], inputs: AsyncStream<ScreenInput>,
                                 continuation: AsyncStream<ScreenInput>.Continuation, screen: inout Screen) async -> Ending {
        var session = QuizSession(quiz: start, cards: states.mapValues(\.card), recordings: recordings)
        var audio = BrowseAudio(options: playerOptions, inputs: continuation, hidesNames: true)
        await carryOut(session.start(), in: &session, audio: &audio, screen: &screen, continuation: continuation)
        draw(&session, on: &screen)
        for await next in inputs {
            switch next {
            case .resize, .continued:
                screen.invalidate()
            case .desktop(let request):
                Self.answer(request, audio: audio)
            case .line(let text):
                // The linear mode's input: a line, read as the keys it stands for on this screen.
                switch LinearCommands.read(text, on: session.quiz.keyScreen) {
                case .keys(let keys):
                    let effects = session.handle(.keys(keys), at: Date().timeIntervalSince1970)
                    await carryOut(effects, in: &session, audio: &audio, screen: &screen, continuation: continuation)
                case .list: screen.say(LinearCommands.lines(on: session.quiz.keyScreen))
                case .unknown(let word): screen.say(["\(word): not a command here; ? lists them."])
                }
            case .inputEnded:
                let effects = session.handle(.keys(LinearCommands.quitKeys(on: session.quiz.keyScreen)), at: Date().timeIntervalSince1970)
                await carryOut(effects, in: &session, audio: &audio, screen: &screen, continuation: continuation)
            default:
                guard let input = input(next, generation: audio.generation, width: session.quiz.width) else { continue }
                let effects = session.handle(input, at: Date().timeIntervalSince1970)
                await carryOut(effects, in: &session, audio: &audio, screen: &screen, continuation: continuation)
            }
            if session.ending != nil { break }
            draw(&session, on: &screen)
        }
        // The last answers' saves are waited for, so the summary can say whether they were kept.
        saves.sync {}
        continuation.finish()
        await audio.finish()
        for await next in inputs { if case .notice = next { session.countNotKept() } }
        return Ending(status: session.ending == .interrupted ? .interrupted : .found, answers: session.quiz.answers, notKept: session.notKept)
    }

    /// What the session is told of an input; nil for one it has no use for (a play already replaced).
    private func input(_ next: ScreenInput, generation: Int, width: Int) -> QuizSession.Input? {
        switch next {
        case .keys(let keys): return .keys(keys)
        case .playback(let played, _, let event): return played == generation ? .playback(event) : nil
        case .sonogram(let id, .success(let made)):
            let size = SonogramText.pictureSize(width: width, lines: 10)
            return .sonogram(id: id, SonogramPicture(made, width: size.width, height: size.height))
        case .notice(let text): return .notKept(text)
        case .terminate: return .terminate
        case .sonogram, .resize, .continued, .desktop, .tick, .list, .starred, .pastSearches, .markKept, .marksRead, .line, .inputEnded: return nil
        }
    }

    /// Runs `effects` in order; the compare screen's end is handed back to the session, and what it
    /// answers is run too.
    private func carryOut<Screen: QuizScreen>(_ effects: [QuizEffect], in session: inout QuizSession, audio: inout BrowseAudio,
                                              screen: inout Screen, continuation: AsyncStream<ScreenInput>.Continuation) async {
        var pending = effects[...]
        while let effect = pending.popFirst() {
            switch effect {
            case .play(let recording):
                let clip = await clips.clip(of: recording)
                audio.play(recording, speed: .normal, from: clip.start, to: clip.end)
                if let upcoming = session.quiz.upcoming { await clips.prepare(upcoming) }
            case .listen(let listening): audio.perform(listening)
            case .stop: audio.stop()
            case .makeSonogram(let recording): ScreenInput.makeSonogram(of: recording, into: continuation)
            case .save(let answer, let card, let at): save(answer, card: card, at: at, continuation: continuation)
            case .compare(let heard, let other):
                let status = await screen.lend { await ChildCommand.running(["compare", "XC" + heard.id, "XC" + other.id] + childOptions) }
                pending += session.handle(.compareEnded(status: status), at: Date().timeIntervalSince1970)
            }
        }
    }

    private func save(_ answer: QuizAnswer, card: FSRS.Card, at: Double, continuation: AsyncStream<ScreenInput>.Continuation) {
        let record = QuizAnswerRecord(species: answer.card.species, soundType: answer.card.soundType, recording: answer.recording,
                                      named: answer.named, rating: answer.rating.rawValue, hinted: answer.hinted, at: Date(timeIntervalSince1970: at))
        let kept = QuizRecords.record(answer.card, card: card, lastRecording: answer.recording)
        saves.async { [library] in
            do throws(LibraryError) { try library.save(answer: record, card: kept) } catch {
                continuation.yield(.notice(error.description))
            }
        }
    }

    /// The question's one recording has no next or previous (the desktop is told so), and its sound ends
    /// with the question: the desktop pauses and seeks, and its stop pauses.
    private static func answer(_ request: MediaRequest, audio: BrowseAudio) {
        if audio.answer(request), audio.desktopState.status == .playing { audio.perform(.togglePause) }
    }

    private func draw<Screen: QuizScreen>(_ session: inout QuizSession, on screen: inout Screen) {
        session.fit(width: terminalSize()?.width ?? 80)
        screen.show(session.quiz, title: "chirper quiz · " + title, notice: session.notice)
    }
}
