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
        #expect(recording.annotatedSounds == [AnnotatedSound(taxon: "Parus major", soundType: "song", start: 12.5, end: 14.25),
                                              AnnotatedSound(taxon: "Erithacus rubecula", soundType: nil, start: 3, end: 4.5)])
        #expect(recording.annotations == ["12.5–14.25 s · Parus major · song", "3–4.5 s · Erithacus rubecula"])
        // A pack writes the recording and reads it back: the sounds are kept.
        let again = try JSONDecoder().decode(Recording.self, from: JSONEncoder().encode(recording))
        #expect(again.annotatedSounds == recording.annotatedSounds)
        // One set alone, not in an array, reads the same; anything else reads as none.
        let single = Self.json.replacingOccurrences(of: "\"annotation-set\": [{", with: "\"annotation-set\": {").replacingOccurrences(of: "}]}]}", with: "}]}}")
        #expect(try JSONDecoder().decode(Recording.self, from: Data(single.utf8)).annotatedSounds.count == 2)
        #expect(AnnotatedSound.all(in: .string("x")).isEmpty && AnnotatedSound.all(in: nil).isEmpty)
    }
}
