import PlaybackModel
import Testing
import XenoCanto
@testable import ChirperCore

/// `m` on a playing screen, transition by transition: the engine tells the point heard, the model asks
/// for it to be kept, the store answers, and the next `m` makes the open point a region.
@Suite struct PlayingModelMarkTests {
    @Test(arguments: [KeyScreen.browse, .play, .queue, .compare])
    func mIsAMarkOnTheScreensThatPlayAChosenRecording(screen: KeyScreen) {
        #expect(KeyMap.command(for: .character("m"), on: screen) == .mark)
        #expect(KeyLists.all(on: screen).contains { $0.keys == "m" })
    }

    @Test(arguments: [KeyScreen.quizIntroduction, .quiz(.choices), .quiz(.selfGraded), .quizAnswer, .quizGrade])
    func mMarksNothingWhereThereIsNowhereToKeepIt(screen: KeyScreen) {
        #expect(KeyMap.command(for: .character("m"), on: screen) == nil)
    }

    @Test func aPointIsKeptThenTheNextMarkMakesItARegion() {
        var model = PlayingModel(screen: .queue, lengths: [30, 20])
        model.receive(0, .started(duration: 30))
        #expect(model.press(.character("m")) == [.listen(.mark)])
        let first = model.marked(0, at: 4.2)
        let point = MarkedRegion(start: 4.2, end: 4.2)!
        #expect(first == [.keepMark(item: 0, region: point, replacing: nil)])
        model.kept(0, point, .kept(id: 7))
        #expect(model.marking == .open(item: 0, at: 4.2, id: 7))
        #expect(model.markNote == "mark at 0:04.2, m again ends it")
        // A seek back before the second m: the region runs from the earlier point.
        let second = model.marked(0, at: 1.5)
        let region = MarkedRegion(start: 1.5, end: 4.2)!
        #expect(second == [.keepMark(item: 0, region: region, replacing: 7)])
        model.kept(0, region, .kept(id: 7))
        #expect(model.marking == .none)
        #expect(model.markNote == "marked 0:01.5–0:04.2")
        #expect(model.marked(0, at: 6) == [.keepMark(item: 0, region: MarkedRegion(start: 6, end: 6)!, replacing: nil)], "a third m opens a new one")
    }

    @Test func aNewEntryLeavesTheOpenPointAPoint() {
        var model = PlayingModel(screen: .queue, lengths: [30, 20])
        model.receive(0, .started(duration: 30))
        model.kept(0, MarkedRegion(start: 3, end: 3)!, .kept(id: 1))
        model.receive(1, .started(duration: 20))
        #expect(model.marking == .none)
        #expect(model.marked(1, at: 2) == [.keepMark(item: 1, region: MarkedRegion(start: 2, end: 2)!, replacing: nil)])
    }

    @Test func aMarkNotKeptSaysWhyAndOpensNothing() {
        var model = PlayingModel(screen: .play, lengths: [30])
        model.receive(0, .started(duration: 30))
        model.kept(0, MarkedRegion(start: 3, end: 3)!, .notKept(reason: "the library is locked"))
        #expect(model.marking == .none)
        #expect(model.markNote == "mark not kept: the library is locked")
    }

    @Test func theMarkedEventChangesNothingOfThePlayback() {
        let playing = PlaybackState.idle.applying(.started(duration: 30), knownDuration: nil)
        #expect(playing.applying(.marked(at: 3), knownDuration: nil) == playing)
    }

    static let places = [MarkedRegion(start: 1.75, end: 1.95, label: "Parus major · song")!, MarkedRegion(start: 0.35, end: 0.55, label: "call")!]

    @Test func dotAndCommaGoToEachMarkOrAnnotationInTurn() {
        var model = PlayingModel(screen: .play, lengths: [4], landmarks: [Self.places])
        model.receive(0, .started(duration: 4))
        #expect(model.press(.character(".")) == [.listen(.goTo(0.35))], "sorted by start")
        #expect(model.markNote == "at 0:00.3–0:00.6 call" || model.markNote == "at 0:00.4–0:00.6 call")
        #expect(model.press(.character(".")) == [.listen(.goTo(1.75))], "on from the place gone to, before the engine says so")
        #expect(model.press(.character(".")) == [])
        #expect(model.markNote == "no mark or annotation after this")
        #expect(model.press(.character(",")) == [.listen(.goTo(0.35))])
        #expect(model.press(.character(",")) == [])
    }

    @Test func capitalLLoopsTheRegionHeardElseTheOneGoneTo() {
        var model = PlayingModel(screen: .queue, lengths: [4, 4], landmarks: [Self.places])
        model.receive(0, .started(duration: 4))
        #expect(model.press(.character("L")) == [], "nothing heard, nothing gone to")
        #expect(model.markNote == "no region here to loop (. goes to the next)")
        model.receive(0, .position(elapsed: 1.8, duration: 4))
        #expect(model.press(.character("L")) == [.listen(.loopSection(LoopSection(start: 1.75, end: 1.95)!))])
        _ = model.press(.character(","))
        model.receive(0, .position(elapsed: 3, duration: 4))
        #expect(model.press(.character("L")) == [.listen(.loopSection(LoopSection(start: 0.35, end: 0.55)!))])
        model.receive(0, .settings(ListeningSettings(speed: .normal, loop: .looping(LoopSection(start: 0.35, end: 0.55)!))))
        #expect(model.press(.character("L")) == [.listen(.loopSection(LoopSection(start: 0.35, end: 0.55)!))])
        #expect(model.markNote == "loop off", "the same section again clears the loop")
        model.receive(1, .started(duration: 4))
        #expect(model.press(.character(".")) == [], "the next entry has none")
        #expect(model.markNote == "no marks or annotations (m marks)")
    }

    @Test func aMarkKeptIsAPlaceToGoTo() {
        var model = PlayingModel(screen: .play, lengths: [30])
        model.receive(0, .started(duration: 30))
        model.kept(0, MarkedRegion(start: 3, end: 3)!, .kept(id: 1))
        model.kept(0, MarkedRegion(start: 3, end: 5)!, .kept(id: 1))
        #expect(model.landmarks == [[MarkedRegion(start: 3, end: 5)!]], "the region in place of its point")
        #expect(model.press(.character(".")) == [.listen(.goTo(3))])
    }
}
