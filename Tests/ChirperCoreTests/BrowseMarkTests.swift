import PlaybackModel
import Testing
import XenoCanto
@testable import ChirperCore

/// `m` in browse, transition by transition: on the row that plays, a point kept, then its region; the
/// footer says what the library kept.
@Suite struct BrowseMarkTests {
    func playing() -> BrowseModel {
        var model = BrowseModel(width: 100, height: 20)
        _ = model.receive(.searchStarted(Fixtures.query, page: 1))
        _ = model.receive(.pageLoaded(Fixtures.query, Fixtures.page(1, of: 1, ids: 1...5, total: 5)))
        _ = model.press(.enter)
        _ = model.receive(.playback(recordingID: model.rows[0].id, .started(duration: 20)))
        return model
    }

    @Test func mOnThePlayingRowKeepsAPointThenItsRegion() throws {
        var model = playing()
        let row = model.rows[0]
        #expect(model.press(.character("m")) == [.listen(.mark)])
        let point = try #require(MarkedRegion(start: 2.5, end: 2.5))
        #expect(model.receive(.playback(recordingID: row.id, .marked(at: 2.5))) == [.keepMark(row.recording, point, replacing: nil)])
        model.kept(row.id, point, .kept(id: 4))
        #expect(model.marking == .open(recordingID: row.id, at: 2.5, id: 4))
        #expect(model.notice?.hasPrefix("mark at 0:02.5 on XC\(row.id)") == true, "\(model.notice ?? "")")
        let region = try #require(MarkedRegion(start: 2.5, end: 6))
        #expect(model.receive(.playback(recordingID: row.id, .marked(at: 6))) == [.keepMark(row.recording, region, replacing: 4)])
        model.kept(row.id, region, .kept(id: 4))
        #expect(model.marking == .none && model.notice?.hasPrefix("marked 0:02.5–0:06.0") == true)
    }

    @Test func aMarkNotKeptIsSaidAndAStopForgetsTheOpenPoint() throws {
        var model = playing()
        let row = model.rows[0]
        model.kept(row.id, try #require(MarkedRegion(start: 1, end: 1)), .kept(id: 1))
        _ = model.receive(.playbackStopped)
        #expect(model.marking == .none)
        model.kept(row.id, try #require(MarkedRegion(start: 1, end: 1)), .notKept(reason: "the library is locked"))
        #expect(model.notice == "✗ mark not kept: the library is locked")
    }

    @Test func aRowThatBeginsToPlayAsksForItsMarksAndDotGoesToThemAndToWhatIsKept() throws {
        var model = BrowseModel(width: 100, height: 20)
        _ = model.receive(.searchStarted(Fixtures.query, page: 1))
        _ = model.receive(.pageLoaded(Fixtures.query, Fixtures.page(1, of: 1, ids: 1...5, total: 5)))
        _ = model.press(.enter)
        let row = model.rows[0]
        #expect(model.receive(.playback(recordingID: row.id, .buffering(progress: nil))) == [], "asked once it sounds")
        #expect(model.receive(.playback(recordingID: row.id, .started(duration: 20))) == [.readMarks(row.recording)])
        #expect(model.receive(.playback(recordingID: row.id, .started(duration: 20))) == [], "asked once")
        #expect(model.press(.character(".")) == [])
        #expect(model.notice == "no marks or annotations (m marks)")
        model.learnMarks(row.id, [try #require(MarkedRegion(start: 8, end: 9))])
        model.learnMarks("another", [try #require(MarkedRegion(start: 1, end: 2))])
        model.kept(row.id, try #require(MarkedRegion(start: 4, end: 4)), .kept(id: 2))
        #expect(model.press(.character(".")) == [.listen(.goTo(4))])
        #expect(model.press(.character(".")) == [.listen(.goTo(8))], "on from the place gone to")
        #expect(model.notice == "at 0:08.0–0:09.0")
        #expect(model.press(.character("L")) == [.listen(.loopSection(try #require(LoopSection(start: 8, end: 9))))])
        _ = model.receive(.playback(recordingID: row.id, .position(elapsed: 12, duration: 20)))
        #expect(model.press(.character(",")) == [.listen(.goTo(8))])
    }

    @Test func theNextRowHasItsOwnPlacesAndAStopForgetsThem() throws {
        var model = playing()
        let first = model.rows[0]
        model.learnMarks(first.id, [try #require(MarkedRegion(start: 3, end: 5))])
        #expect(model.landmarks.count == 1)
        let second = model.rows[1]
        #expect(model.receive(.playback(recordingID: second.id, .started(duration: 20))) == [.readMarks(second.recording)])
        #expect(model.landmarks.isEmpty, "the next row's own places")
        _ = model.receive(.playbackStopped)
        #expect(model.press(.character(".")) == [], "nothing plays")
    }

    @Test func aRefusedRowLeavesTheOpenMarkOfTheRowThatPlays() throws {
        var model = playing()
        let row = model.rows[0]
        model.kept(row.id, try #require(MarkedRegion(start: 2, end: 2)), .kept(id: 3))
        _ = model.receive(.playback(recordingID: model.rows[2].id, .failed(.notPlayable)))
        #expect(model.marking == .open(recordingID: row.id, at: 2, id: 3))
        #expect(model.landmarks == [try #require(MarkedRegion(start: 2, end: 2))])
    }
}
