import PlaybackModel
import Testing
@testable import ChirperCore

@Suite("the playing screens' keys and model")
struct PlayingModelTests {
    static let listeningKeys: [(TerminalKey, ListeningCommand)] = [
        (.character(" "), .togglePause), (.character("n"), .next), (.character("p"), .previous),
        (.right, .seek(by: 5)), (.left, .seek(by: -5)), (.character("+"), .volume(by: 0.1)), (.character("="), .volume(by: 0.1)),
        (.character("-"), .volume(by: -0.1)), (.character("["), .speed(.slower)), (.character("]"), .speed(.faster)),
        (.character("{"), .speed(.halve)), (.character("}"), .speed(.double)), (.backspace, .speed(.reset)),
        (.character("t"), .speed(.toggleTape)), (.character("l"), .markLoop),
    ]

    @Test(arguments: [KeyScreen.browse, .play, .queue, .compare])
    func everyScreenThatPlaysTakesTheSameListeningKeys(screen: KeyScreen) {
        for (key, command) in Self.listeningKeys {
            #expect(KeyMap.command(for: key, on: screen) == command, "\(key) on \(screen)")
        }
        #expect(KeyMap.command(for: .tab, on: screen) == (screen == .compare ? .otherSide : nil), "Tab only on compare")
        #expect(KeyMap.command(for: .character("q"), on: screen) == nil, "q is the screen's, not a listening key")
    }

    @Test(arguments: [KeyScreen.browse, .play, .queue, .compare])
    func theKeyListNamesEveryListeningKey(screen: KeyScreen) {
        let listed = KeyLists.all(on: screen).map(\.keys)
        for keys in ["space", "→ ←", "n p", "+ -", "[ ]", "{ }", "⌫", "t", "l", "?", "q", "Esc"] {
            #expect(listed.contains(keys), "\(keys) on \(screen)")
        }
        #expect(listed.contains("Tab") == (screen == .compare))
    }

    /// A quiz has one recording (no n, p or Tab); while an answer is typed, every key a name may hold
    /// (letters, digits, space, - ' .), Backspace and Tab are the answer's, so volume (+ with -) is not
    /// offered half; with choices or self-grading every other listening key works.
    @Test(arguments: [QuizMode.typing, .choices, .selfGraded])
    func aQuizTakesTheListeningKeysItsAnswersLeaveFree(mode: QuizMode) {
        let screen = KeyScreen.quiz(mode)
        for (key, command) in Self.listeningKeys {
            let nameKey: Bool
            if case .character(let character) = key { nameKey = character.isLetter || character == " " || character == "-" } else { nameKey = key == .backspace }
            let volume: Bool
            if case .volume = command { volume = true } else { volume = false }
            let expected = command == .next || command == .previous || (mode == .typing && (nameKey || volume)) ? nil : command
            #expect(KeyMap.command(for: key, on: screen) == expected, "\(key) on \(screen)")
        }
        #expect(KeyMap.command(for: .tab, on: screen) == nil)
        for character in "abcXYZ019 -'." { #expect(mode != .typing || KeyMap.command(for: .character(character), on: screen) == nil, "\(character) is typed") }
        let listed = KeyLists.all(on: screen).map(\.keys)
        for (key, _) in Self.listeningKeys where KeyMap.command(for: key, on: screen) != nil {
            #expect(KeyMap.listening.contains { binding in binding.keys.contains { $0.0 == key } && listed.contains(binding.help?.keys ?? "") }, "\(key) listed on \(screen)")
        }
        #expect(listed.contains("?") && listed.contains("↑"))
    }

    static let everyScreen: [KeyScreen] = [.browse, .play, .queue, .compare, .quizIntroduction, .quiz(.typing), .quiz(.choices), .quiz(.selfGraded), .quizAnswer, .quizGrade,
                                          .quizSummary(misses: true), .quizSummary(misses: false)]

    /// Every key a screen's list names does there what the list says: no line of the map is hidden by
    /// another that takes the same key first, and no key means two things on one screen.
    @Test(arguments: everyScreen)
    func everyKeyListedDoesWhatItsLineSays(screen: KeyScreen) {
        var seen: [TerminalKey] = []
        for binding in KeyMap.bindings(on: screen) {
            for (key, meaning) in binding.keys {
                #expect(KeyMap.meaning(of: key, on: screen) == meaning, "\(key) on \(screen): \(binding.help?.short ?? "unlisted")")
                #expect(!seen.contains(key), "\(key) bound twice on \(screen)")
                seen.append(key)
            }
        }
    }

    /// The listening keys each quiz screen leaves free: an answer shown takes space and n for the next
    /// question, a grade takes the digits; every other listening key works while the sound goes on.
    @Test func theAnswerAndTheGradeTakeTheListeningKeysTheyLeaveFree() {
        #expect(KeyMap.meaning(of: .character(" "), on: .quizAnswer) == .quiz(.next))
        #expect(KeyMap.meaning(of: .character("n"), on: .quizAnswer) == .quiz(.next))
        #expect(KeyMap.meaning(of: .right, on: .quizAnswer) == .listen(.seek(by: 5)))
        #expect(KeyMap.meaning(of: .character("3"), on: .quizGrade) == .quiz(.grade(3)))
        #expect(KeyMap.meaning(of: .character(" "), on: .quizGrade) == .listen(.togglePause))
        #expect(KeyMap.meaning(of: .character("["), on: .quizGrade) == .listen(.speed(.slower)))
        #expect(KeyMap.meaning(of: .tab, on: .quizAnswer) == nil && KeyMap.meaning(of: .character("p"), on: .quizGrade) == nil)
    }

    @Test func theHelpBarShowsWholeKeysMostImportantFirstAndEndsWithQuestionMark() {
        for width in [20, 40, 60, 80, 89, 120] {
            for screen in Self.everyScreen {
                let keys = KeyLists.bar(on: screen, playing: true)
                let line = HelpBar.line(keys, width: width)
                #expect(TextWidth.of(line) <= max(width, TextWidth.of("? keys")), "\(line) fits \(width)")
                #expect(line.hasSuffix("? keys"))
                let shown = line.components(separatedBy: " · ").dropLast()
                #expect(Array(shown) == keys.prefix(shown.count).map(\.short), "whole keys, in order: \(line)")
            }
        }
        #expect(HelpBar.line(KeyLists.bar(on: .browse, playing: false), width: 40).contains("q quit"), "q quit is never cut off")
        #expect(HelpBar.line(KeyLists.bar(on: .play, playing: true), width: 40).contains("q quit"))
    }

    /// A repeating queue gives up after a whole pass in which nothing played: the model counts the
    /// failures in a row, and a track that starts begins the count again.
    @Test func failuresInARowAreCountedUntilATrackStarts() {
        var model = PlayingModel(screen: .queue, lengths: [5, 5, 5], repeating: true)
        model.receive(0, .failed(.notPlayable))
        model.receive(1, .failed(.notPlayable))
        #expect(model.failedInARow == 2 && !model.wholePassFailed)
        model.receive(2, .started(duration: 5))
        #expect(model.failedInARow == 0)
        for index in 3...5 { model.receive(index, .failed(.notPlayable)) }
        #expect(model.wholePassFailed, "three of three failed in a row")
    }

    func press(_ model: inout PlayingModel, _ key: TerminalKey) -> [PlayingModel.Command] {
        model.press(key)
    }

    @Test func qQuitsAndQuestionMarkOpensTheKeysWhichQEscOrQuestionMarkClose() {
        var model = PlayingModel(screen: .play, lengths: [20])
        #expect(press(&model, .character("?")) == [] && model.showsKeys)
        #expect(press(&model, .character("q")) == [] && !model.showsKeys, "q closes the list first")
        _ = press(&model, .character("?"))
        #expect(press(&model, .escape) == [] && !model.showsKeys)
        _ = press(&model, .character("?"))
        #expect(press(&model, .character("]")) == [.listen(.speed(.faster))] && model.showsKeys, "the keys still work with the list open")
        #expect(press(&model, .character("?")) == [] && !model.showsKeys)
        #expect(press(&model, .character("q")) == [.quit])
        #expect(press(&model, .escape) == [], "Esc never quits")
    }

    @Test func eventsMoveTheEntryOnScreenAndItsStateAndTheSettingsCarryOver() {
        var model = PlayingModel(screen: .queue, lengths: [20, 30])
        let first = model.receive(0, .buffering(progress: nil))
        #expect(first, "the first entry is new")
        let again = model.receive(0, .started(duration: nil))
        #expect(!again)
        #expect(model.playback == .playing(PlaybackPosition(elapsed: 0, duration: 20)), "the API's length when the stream says none")
        let slow = ListeningSettings(speed: PlaybackSpeed(rate: 0.5, tape: false), loop: .none)
        _ = model.receive(0, .settings(slow))
        let next = model.receive(1, .buffering(progress: nil))
        #expect(next, "the next entry is new")
        #expect(model.playback == .buffering(progress: nil) && model.listening == slow, "settings stay what the engine last said")
        #expect(model.item == 1)
    }

    @Test func compareTabGoesToTheOtherRecordingAtTheSameShareOfItsLength() {
        var model = PlayingModel(screen: .compare, lengths: [10, 40])
        #expect(press(&model, .tab) == [], "nothing plays yet")
        _ = model.receive(0, .started(duration: 10))
        _ = model.receive(0, .position(elapsed: 2.5, duration: 10))
        #expect(press(&model, .tab) == [.listen(.play(index: 1, from: 10))], "a quarter in: a quarter into B")
        _ = model.receive(0, .buffering(progress: nil))
        #expect(press(&model, .tab) == [.listen(.play(index: 1, from: 10))], "a dry spell keeps the point heard")
        _ = model.receive(1, .position(elapsed: 20, duration: 40))
        #expect(press(&model, .tab) == [.listen(.play(index: 0, from: 5))])

        var going = PlayingModel(screen: .compare, lengths: [10, 40], repeating: true)
        _ = going.receive(4, .position(elapsed: 5, duration: 10))
        #expect(press(&going, .tab) == [.listen(.play(index: 5, from: 20))], "alternating: on to the next entry, which is B")
        var single = PlayingModel(screen: .play, lengths: [10])
        #expect(press(&single, .tab) == [], "no Tab outside compare")
    }
}
