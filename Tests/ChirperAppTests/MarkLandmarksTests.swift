import Foundation
@testable import ChirperApp
import ChirperCore
import Library
import LibraryModel
import Testing
import XenoCanto

/// Where `.` and `,` go in a recording: its annotations (those asked for) and its marks, and where an
/// argument's marks are kept.
@Suite struct MarkLandmarksTests {
    static var recording: Recording {
        var recording = Recording(id: "7", genus: "Parus", species: "major", soundType: "song")
        recording.annotatedSounds = [AnnotatedSound(taxon: "Parus major", soundType: "song", start: 1, end: 2),
                                     AnnotatedSound(taxon: "Cyanistes caeruleus", soundType: "call", start: 3, end: 4, band: 3000...7000)]
        return recording
    }

    @Test func theAnnotationsAskedForAreTheLandmarksAndNoLibraryIsMadeToReadMarks() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-landmarks-\(UUID().uuidString)")
        let paths = LibraryPaths(folder: folder)
        #expect(Landmarks.annotations(of: Self.recording).map(\.start) == [1, 3])
        #expect(Landmarks.annotations(of: Self.recording, only: "CALL").map(\.label) == ["Cyanistes caeruleus · call"])
        #expect(Landmarks.annotations(of: Self.recording, only: "parus").map(\.band) == [nil])
        #expect(MarkKeeper(subjects: [.recording(number: "7"), nil], paths: paths).stored() == [])
        #expect(!FileManager.default.fileExists(atPath: folder.path), "reading marks makes no library")
    }

    @Test func aFileIsKeptByItsPathFromTheRootAndANumberByItsDigits() throws {
        #expect(MarkSubjects.absolute("/a/./b/../c.mp3") == "/a/c.mp3")
        #expect(MarkSubjects.absolute("x.mp3") == FileManager.default.currentDirectoryPath + "/x.mp3")
        #expect(try MarkSubjects.named("XC900001") == .recording(number: "900001"))
        #expect(throws: CommandFailure.self) { _ = try MarkSubjects.named("no such file or number") }
    }

    /// A point given a label and a band while it is open (`marks edit`) keeps them when m closes it.
    @Test func closingAPointKeepsWhatWasGivenItMeanwhile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-keep-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = SQLiteLibrary(openingOnFirstUse: LibraryPaths(folder: folder))
        let subject = MarkSubject.file(path: "/tmp/song.mp3")
        guard case .kept(let id) = MarkKeeper.keep(try #require(MarkedRegion(start: 2, end: 2)), on: subject, replacing: nil, in: library) else {
            Issue.record("the point was not kept")
            return
        }
        #expect(try library.change(mark: id, to: try #require(MarkedRegion(start: 2, end: 2, band: 2000...6000, label: "alarm"))))
        #expect(MarkKeeper.keep(try #require(MarkedRegion(start: 2, end: 5)), on: subject, replacing: id, in: library) == .kept(id: id))
        #expect(try library.marks(on: subject).map(\.region) == [try #require(MarkedRegion(start: 2, end: 5, band: 2000...6000, label: "alarm"))])
    }
}
