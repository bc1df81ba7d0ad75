import Foundation
@testable import ChirperApp
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
        #expect(MarkKeeper.landmarks(of: Self.recording, on: .recording(number: "7"), paths: paths).map(\.start) == [1, 3])
        #expect(MarkKeeper.landmarks(of: Self.recording, on: nil, only: "CALL", paths: paths).map(\.label) == ["Cyanistes caeruleus · call"])
        #expect(MarkKeeper.landmarks(of: Self.recording, on: nil, only: "parus", paths: paths).map(\.band) == [nil])
        #expect(!FileManager.default.fileExists(atPath: folder.path), "reading marks makes no library")
    }

    @Test func aFileIsKeptByItsPathFromTheRootAndANumberByItsDigits() throws {
        #expect(MarkSubjects.absolute("/a/./b/../c.mp3") == "/a/c.mp3")
        #expect(MarkSubjects.absolute("x.mp3") == FileManager.default.currentDirectoryPath + "/x.mp3")
        #expect(try MarkSubjects.named("XC900001") == .recording(number: "900001"))
        #expect(throws: CommandFailure.self) { _ = try MarkSubjects.named("no such file or number") }
    }
}
