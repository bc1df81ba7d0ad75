import Foundation
import Testing
import XenoCanto

/// `info --json` prints a recording object as the API sent it through `JSONValue`: every kind of value
/// must come back as it went in, keys sorted, slashes as they are.
@Suite struct JSONValueTests {
    @Test func everyKindOfValueComesBackAsItWentIn() throws {
        let body = #"{"id":"900001","lat":"51.5","alt":120,"q":null,"also":[],"sono":{"small":"//xeno-canto.org/s.png"},"# +
            #""playback-used":false,"temp":-3.5,"big":12345678901,"nested":[[1,2],{"a":"é"}]}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(body.utf8))
        let text = value.prettyText
        let keys = ["\"also\"", "\"alt\" : 120", "\"big\" : 12345678901", "\"id\" : \"900001\"", "\"lat\" : \"51.5\"", "\"nested\""]
        let places = keys.map { text.range(of: $0)?.lowerBound }
        #expect(!places.contains(nil) && places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "keys sorted: \(text)")
        #expect(text.contains("\"small\" : \"//xeno-canto.org/s.png\""), "slashes kept: \(text)")
        #expect(text.contains("\"q\" : null") && text.contains("\"playback-used\" : false") && text.contains("\"temp\" : -3.5"))
        let again = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(again == value, "printing and reading back changes nothing")
    }
}
