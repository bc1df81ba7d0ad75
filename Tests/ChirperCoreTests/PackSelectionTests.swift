import ChirperCore
import Testing
import XenoCanto

/// Which recordings of a species a pack keeps: clean first, the asked types, within the length.
@Suite struct PackSelectionTests {
    static func recording(_ id: Int, quality: String? = "A", type: String = "song", length: String = "0:20", also: [String] = [],
                          playback: String? = "no", date: String = "2020-05-01", playable: Bool = true) -> Recording {
        Recording(id: String(id), genus: "Parus", species: "major", englishName: "Great Tit", soundType: type,
                  fileURL: playable ? "https://example.org/\(id)/download" : nil, quality: quality, length: length,
                  date: date, backgroundSpecies: also, playbackUsed: playback)
    }

    static func ids(_ recordings: [Recording]) -> [String] { recordings.map(\.id) }

    @Test func qualityComesFirstThenNoBackgroundThenNoPlaybackThenNewer() {
        let recordings = [
            Self.recording(1, quality: "C"),
            Self.recording(2, quality: "B"),
            Self.recording(3, quality: "A", also: ["Cyanistes caeruleus"]),
            Self.recording(4, quality: "A", playback: "yes"),
            Self.recording(5, quality: "A", date: "2019-01-01"),
            Self.recording(6, quality: "A", date: "2021-01-01"),
            Self.recording(7, quality: "no score"),
            Self.recording(8, quality: "E"),
        ]
        let choice = PackSelection.choose(from: recordings, criteria: PackCriteria(perSpecies: 8))
        #expect(Self.ids(choice.chosen) == ["6", "5", "4", "3", "2", "1", "8", "7"])
    }

    @Test func theLengthIsAHardGateAndAnUnknownLengthIsLeftOut() {
        let recordings = [Self.recording(1, length: "1:01"), Self.recording(2, length: "0:59"), Self.recording(3, length: "?"),
                          Self.recording(4, length: "0:00")]
        #expect(Self.ids(PackSelection.choose(from: recordings, criteria: PackCriteria(maxSeconds: 60)).chosen) == ["2"])
    }

    @Test func eachAskedTypeIsThereWhenTheSpeciesHasIt() {
        // Three clean songs would fill the pack; the one call, of quality C, still gets a place.
        let recordings = [Self.recording(1), Self.recording(2), Self.recording(3), Self.recording(4, quality: "C", type: "call"),
                          Self.recording(5, type: "alarm call")]
        let choice = PackSelection.choose(from: recordings, criteria: PackCriteria(perSpecies: 3, types: ["song", "call"]))
        // The songs are alike but for their numbers: the higher first (3, then 2), the call between them by type.
        #expect(Set(Self.ids(choice.chosen)) == ["2", "3", "4"], "\(Self.ids(choice.chosen))")
        #expect(choice.chosen.contains { $0.id == "4" } && !choice.chosen.contains { $0.id == "5" })
        // "song, call" is both.
        let both = PackSelection.choose(from: [Self.recording(9, type: "song, call")], criteria: PackCriteria(types: ["call"]))
        #expect(Self.ids(both.chosen) == ["9"])
    }

    @Test func restrictedRecordingsAreListedNeverChosen() {
        let recordings = [Self.recording(1, playable: false), Self.recording(2, quality: "B")]
        let choice = PackSelection.choose(from: recordings, criteria: PackCriteria(perSpecies: 2))
        #expect(Self.ids(choice.chosen) == ["2"])
        #expect(Self.ids(choice.restricted) == ["1"])
    }

    @Test func theChoiceIsTheSameWhateverTheOrderItCameIn() {
        let recordings = (1...20).map { Self.recording($0, quality: ["A", "B", "C"][$0 % 3], date: "2020-01-\(10 + $0 % 7)") }
        let once = PackSelection.choose(from: recordings, criteria: PackCriteria())
        let again = PackSelection.choose(from: recordings.reversed(), criteria: PackCriteria())
        #expect(once == again)
        #expect(once.chosen.count == 3)
    }
}

/// The names of a species file: one a line, or eBird's CSV; and the close match offered for a miss.
@Suite struct SpeciesListTests {
    @Test func linesAreEnglishOrScientificNames() {
        let names = SpeciesList.names(in: "Great Tit\nTurdus merula\n\n# a comment\nsong thrush  # after the name\nGreat tit\n")
        #expect(names == [.english("Great Tit"), .scientific("Turdus merula"), .english("song thrush")])
    }

    @Test func eBirdsCSVGivesItsScientificNames() {
        let csv = """
            Row #,Taxon Order,Category,Common Name,Scientific Name,Count
            1,100,species,"Tit, Great",Parus major,2
            2,200,species,Eurasian Blackbird,Turdus merula,X
            """
        #expect(SpeciesList.names(in: csv) == [.scientific("Parus major"), .scientific("Turdus merula")])
        #expect(SpeciesList.names(in: "Common Name\nGreat Tit\n") == [.english("Great Tit")])
    }

    @Test func eBirdsTaxonomyAndAnyCSVWithASpeciesCodeColumnGiveItsCodes() {
        let taxonomy = """
            TAXON_ORDER,CATEGORY,SPECIES_CODE,PRIMARY_COM_NAME,SCI_NAME
            1,species,eurbla,Eurasian Blackbird,Turdus merula
            """
        #expect(SpeciesList.names(in: taxonomy) == [.scientific("Turdus merula")], "a scientific name first")
        #expect(SpeciesList.names(in: "Common Name,Species Code\n\"Tit, Great\",gretit1\n,eurbla\n") == [.code("gretit1"), .code("eurbla")])
        #expect(SpeciesList.names(in: "PRIMARY_COM_NAME\nEurasian Blackbird\n") == [.english("Eurasian Blackbird")])
    }

    @Test func aBirdNETListGivesItsScientificNames() {
        let list = "Turdus merula_Eurasian Blackbird\nParus major_Great Tit\nEngine_Engine\n"
        #expect(SpeciesList.names(in: list) == [.scientific("Turdus merula"), .scientific("Parus major"), .english("Engine_Engine")])
    }

    @Test func aCloseNameIsOfferedAndAFarOneIsNot() {
        let names = ["Great Tit", "Great Kiskadee", "Parus major"]
        #expect(SpeciesList.closest(to: "Great Tti", in: names) == "Great Tit")
        #expect(SpeciesList.closest(to: "great-tit", in: names) == "Great Tit")
        #expect(SpeciesList.closest(to: "Parus majr", in: names) == "Parus major")
        #expect(SpeciesList.closest(to: "Osprey", in: names) == nil)
    }
}
