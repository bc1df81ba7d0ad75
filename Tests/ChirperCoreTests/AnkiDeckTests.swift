import ChirperCore
import Testing
import XenoCanto

/// A pack as Anki notes: what each field holds, what a stranger's text becomes, what a deck to share
/// leaves out, and ids that are the same on every export.
@Suite struct AnkiDeckTests {
    static func recording(_ id: String, licence: String, recordist: String = "Ana Sousa") -> Recording {
        var recording = Recording(id: id, genus: "Parus", species: "major", soundType: "song", fileURL: "file:///packs/trip/XC\(id).mp3")
        recording.licence = licence
        recording.recordist = recordist
        recording.englishName = "Great Tit"
        return recording
    }

    static let card = QuizCardKey(species: "Parus major", soundType: "alarm call")

    @Test func aCardIsOneNoteWithEachRecordingAndItsCredit() throws {
        let cards = [Self.card: [Self.recording("1", licence: "//creativecommons.org/licenses/by/4.0/"),
                                 Self.recording("2", licence: "//creativecommons.org/licenses/by-nc-nd/4.0/", recordist: "<b>Zoë & co</b>")]]
        let deck = AnkiDeck(pack: "trip", cards: cards, names: ["Parus major": "Great Tit"], families: ["Parus major": "Paridae"], share: false)
        let note = try #require(deck.notes.first)
        #expect(deck.notes.count == 1 && note.fields.count == AnkiDeck.fieldNames.count)
        #expect(note.fields[0] == "Great Tit" && note.fields[1] == "Parus major" && note.fields[2] == "alarm call")
        #expect(note.fields[3] == "[sound:chirper-XC1.mp3] [sound:chirper-XC2.mp3]")
        #expect(note.fields[4] == "<img src=\"chirper-XC1.png\"> <img src=\"chirper-XC2.png\">")
        #expect(note.fields[5].contains("XC2 · &lt;b&gt;Zoë &amp; co&lt;/b&gt; · <a href=\"https://creativecommons.org/licenses/by-nc-nd/4.0/\">"), "\(note.fields[5])")
        #expect(note.tags == ["Paridae", "Parus", "alarm_call"])
        #expect(deck.media.map(\.name) == ["chirper-XC1.mp3", "chirper-XC1.png", "chirper-XC2.mp3", "chirper-XC2.png"])
        #expect(deck.leftOut.isEmpty)
    }

    @Test func aDeckToShareLeavesOutTheSonogramOfAnNDRecordingAndSaysSo() throws {
        let cards = [Self.card: [Self.recording("1", licence: "//creativecommons.org/licenses/by/4.0/"),
                                 Self.recording("2", licence: "//creativecommons.org/licenses/by-nc-nd/2.5/")]]
        let deck = AnkiDeck(pack: "trip", cards: cards, names: [:], families: [:], share: true)
        #expect(deck.media.map(\.name) == ["chirper-XC1.mp3", "chirper-XC1.png", "chirper-XC2.mp3"], "its sound whole is shared as it is")
        #expect(deck.notes.first?.fields[4] == "<img src=\"chirper-XC1.png\">")
        #expect(deck.leftOut == ["XC2: no sonogram (CC BY-NC-ND 2.5 allows no adaptations)"])
    }

    @Test func idsAreTheSameOnEveryExportAndALinkIsOnlyCreativeCommons() {
        let one = AnkiDeck(pack: "trip", cards: [Self.card: [Self.recording("1", licence: "x")]], names: [:], families: [:], share: false)
        let two = AnkiDeck(pack: "trip", cards: [Self.card: [Self.recording("9", licence: "y")]], names: [:], families: [:], share: false)
        #expect(one.id == two.id && one.notes.map(\.id) == two.notes.map(\.id) && one.notes.map(\.guid) == two.notes.map(\.guid))
        #expect(one.notes.allSatisfy { $0.id > 0 && $0.id < 1 << 53 })
        let other = AnkiDeck(pack: "home", cards: [QuizCardKey(species: "Parus major", soundType: "song"): [Self.recording("1", licence: "x")]],
                             names: [:], families: [:], share: false)
        #expect(other.id != one.id && other.notes.map(\.guid) != one.notes.map(\.guid))
        #expect(!(one.notes.first?.fields[5].contains("href=\"x\"") ?? true), "a licence that is not a Creative Commons page is text, not a link")
        #expect(AnkiDeck(pack: "t", cards: [Self.card: [Self.recording("1", licence: "javascript:alert(1)")]], names: [:], families: [:], share: false)
            .notes.first?.fields[5].contains("<a href=\"javascript") == false)
    }
}
