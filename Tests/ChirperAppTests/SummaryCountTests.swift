@testable import Audio
@testable import ChirperApp
import ChirperCore
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

    /// `--stats` charts each species' last weeks, one character a week (· none answered, a bar as high as
    /// the share right), and says the recall FSRS predicts over the cards answered.
    @Test func theStatsChartTheWeeksAndSayTheRecallPredicted() {
        let now = 1_800_000_000.0
        let day = 86_400.0
        func answer(_ daysAgo: Double, right: Bool) -> QuizAnswerRecord {
            QuizAnswerRecord(species: "Parus major", soundType: "song", recording: "900001", named: right ? "Parus major" : "Turdus merula",
                             rating: right ? 3 : 1, hinted: false, at: Date(timeIntervalSince1970: now - daysAgo * day))
        }
        let answers = [answer(50, right: false), answer(1, right: true), answer(2, right: false), answer(0, right: true), answer(3, right: true)]
        #expect(QuizStatsLines.chart(answers, now: now) == "▁······▆", "seven weeks ago all missed; this week 3 of 4 right")
        let learnt = FSRS.Card(phase: .review(.init(stability: 3, difficulty: 5)), due: now - 6 * day, lastReview: now - 9 * day)
        let missed = FSRS().review(FSRS.Card(), .again, at: now - 60)
        let states = [QuizCardKey(species: "Parus major", soundType: "song"): QuizPlanner.CardState(card: learnt, lastRecording: nil),
                      QuizCardKey(species: "Parus major", soundType: "call"): QuizPlanner.CardState(card: missed, lastRecording: nil)]
        let lines = QuizStatsLines.lines(states: states, answers: answers, now: now)
        #expect(lines.first { $0.hasPrefix("Parus major") }?.hasSuffix("▁······▆") == true, "\(lines)")
        let recall = lines.first { $0.hasPrefix("Recall now") } ?? ""
        let percent = Int(recall.split(separator: " ").first { $0.allSatisfy(\.isNumber) } ?? "") ?? -1
        #expect((1...99).contains(percent) && recall.contains("over the 1 card past learning"),
                "a card last seen 9 days ago is not sure; the one just missed is still being learnt: \(recall)")
        let learning = QuizStatsLines.lines(states: [QuizCardKey(species: "Parus major", soundType: "call"): .init(card: missed, lastRecording: nil)],
                                            answers: answers, now: now)
        #expect(learning.contains { $0.hasPrefix("Recall: no card is past learning yet") }, "a card just missed never reads 100 %: \(learning)")
    }
}
