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
}
