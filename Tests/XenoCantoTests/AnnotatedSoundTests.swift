import Foundation
import Testing
@testable import XenoCanto

/// xeno-canto's annotation sets, read as the sounds they mark: times checked, the malformed left out,
/// and kept when a pack writes the recording again.
@Suite struct AnnotatedSoundTests {
    static let json = """
        {"id": "900001", "gen": "Parus", "sp": "major", "type": "song",
         "annotation-set": [{"set_name": "dawn", "set_creator": "A. Lab", "license": "CC BY 4.0", "annotations": [
            {"scientific_name": "Parus major", "sound_type": "song", "start_time": 12.5, "end_time": 14.25},
            {"scientific_name": "Erithacus rubecula", "start_time": "3", "end_time": "4.5"},
            {"scientific_name": "Parus major", "start_time": 9, "end_time": 8},
            {"scientific_name": "Parus major", "start_time": "soon", "end_time": 4},
            {"scientific_name": "", "start_time": 1, "end_time": 2},
            {"scientific_name": "Parus major", "start_time": -1, "end_time": 2},
            {"scientific_name": "Parus major", "start_time": 1e300, "end_time": 1e301}]}]}
        """

    @Test func theSoundsMarkedAreReadAndTheMalformedLeftOut() throws {
        let recording = try JSONDecoder().decode(Recording.self, from: Data(Self.json.utf8))
        let set = AnnotationSetCredit(["set_name": .string("dawn"), "set_creator": .string("A. Lab"), "license": .string("CC BY 4.0")])
        #expect(recording.annotatedSounds == [AnnotatedSound(taxon: "Parus major", soundType: "song", start: 12.5, end: 14.25, set: set),
                                              AnnotatedSound(taxon: "Erithacus rubecula", soundType: nil, start: 3, end: 4.5, set: set)])
        #expect(recording.annotations == ["12.5–14.25 s · Parus major · song", "3–4.5 s · Erithacus rubecula",
                                          "From annotation set “dawn” by A. Lab, CC BY 4.0."])
        // A pack writes the recording and reads it back: the sounds are kept.
        let again = try JSONDecoder().decode(Recording.self, from: JSONEncoder().encode(recording))
        #expect(again.annotatedSounds == recording.annotatedSounds)
        // One set alone, not in an array, reads the same; anything else reads as none.
        let single = Self.json.replacingOccurrences(of: "\"annotation-set\": [{", with: "\"annotation-set\": {").replacingOccurrences(of: "}]}]}", with: "}]}}")
        #expect(try JSONDecoder().decode(Recording.self, from: Data(single.utf8)).annotatedSounds.count == 2)
        #expect(AnnotatedSound.all(in: .string("x")).isEmpty && AnnotatedSound.all(in: nil).isEmpty)
    }

    /// A set's bands are read when low to high within a million hertz; the sets and their credits are
    /// kept apart when a pack writes the recording again.
    @Test func bandsAndTheSetsCreditsAreReadAndKept() throws {
        let json = """
            {"id": "900002", "annotation-set": [
              {"set_name": "one", "set_creator": "Ana", "license": "CC BY 4.0", "annotations": [
                {"scientific_name": "Parus major", "start_time": 1, "end_time": 2, "frequency_low": 2000, "frequency_high": "6000"},
                {"scientific_name": "Parus major", "start_time": 3, "end_time": 4, "frequency_low": 7000, "frequency_high": 6000},
                {"scientific_name": "Parus major", "start_time": 5, "end_time": 6, "frequency_low": 0, "frequency_high": 1e9}]},
              {"set_name": "two", "license": "CC0", "annotations": [
                {"scientific_name": "Sylvia atricapilla", "start_time": 7, "end_time": 8, "frequency_high": 5000}]}]}
            """
        let recording = try JSONDecoder().decode(Recording.self, from: Data(json.utf8))
        #expect(recording.annotatedSounds.map(\.band) == [2000...6000, nil, nil, nil])
        #expect(recording.annotatedSounds.map { $0.set?.name } == ["one", "one", "one", "two"])
        #expect(recording.annotations.first == "1–2 s · Parus major · 2000–6000 Hz")
        #expect(recording.annotations.suffix(2) == ["From annotation set “one” by Ana, CC BY 4.0.", "From annotation set “two”, CC0."])
        let again = try JSONDecoder().decode(Recording.self, from: JSONEncoder().encode(recording))
        #expect(again.annotatedSounds == recording.annotatedSounds)
    }
}
