@testable import Audio
@testable import ChirperApp
import Foundation
import LibraryModel
import PlaybackModel
import Testing
import XenoCanto

/// Summaries count what happened, from the same per-track and per-answer results the screen showed.
@Suite("summaries count what happened")
struct SummaryCountTests {
    @Test func aTrackThatFailedAfterSomeSoundIsOneFailedTrack() {
        var report = PlaybackEngine.Report()
        report.failed = [(0, .network(reason: "reset")), (1, .network(reason: "reset")), (2, .notAnMP3(detail: "html"))]
        report.heardOfFailed = 2.5
        let recordings = [900001, 900002, 900003].map { Recording(id: String($0)) }
        let lines = QueueSummary.lines(report, recordings: recordings, missing: ["  ✗ XC900004: its file is missing (/x/XC900004.mp3)"])
        #expect(lines.first?.hasPrefix("Played 0 tracks, 4 failed, 0:02 listened") == true, "\(lines)")
        #expect(lines.dropFirst().map { $0.prefix(14) } == ["  ✗ XC900001: ", "  ✗ XC900002: ", "  ✗ XC900003: ", "  ✗ XC900004: "], "\(lines)")
    }

    @Test func selfGradedAnswersCountInTheStatsAsOnTheScreen() {
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        let answers = (0..<3).map { _ in
            QuizAnswerRecord(species: "Parus major", soundType: "song", recording: "900001", named: nil, rating: 4, hinted: false, at: at)
        } + [QuizAnswerRecord(species: "Turdus merula", soundType: "song", recording: "900087", named: nil, rating: 1, hinted: false, at: at),
             QuizAnswerRecord(species: "Turdus merula", soundType: "song", recording: "900087", named: "Turdus merula", rating: 3, hinted: false, at: at)]
        let lines = QuizStatsLines.lines(states: [:], answers: answers, now: at.timeIntervalSince1970)
        let tit = lines.first { $0.hasPrefix("Parus major") } ?? ""
        let blackbird = lines.first { $0.hasPrefix("Turdus merula") } ?? ""
        #expect(tit.contains("100 %"), "\(lines)")
        #expect(blackbird.contains("50 %"), "\(lines)")
    }
}
