@testable import ChirperApp
@testable import ChirperCore
import Testing
import XenoCanto

/// Names as birders write them, read by the taxonomy `make` installs beside the build (tools/taxonomy.py):
/// every authority's English names, short everyday names, codes, scientific names, typos.
@Suite("One resolver for every name of a bird")
struct SpeciesResolverTests {
    static var resolver: SpeciesResolver {
        get throws { try #require(TaxonomyFile.resolver, "\(TaxonomyFile.problem ?? "")") }
    }

    static func scientific(_ typed: String, area: BirdArea? = nil) throws -> String? {
        try resolver.resolve(typed, area: area).species?.scientific
    }

    @Test(arguments: [
        ("Blue Tit", "Cyanistes caeruleus"), ("Blackbird", "Turdus merula"), ("Nightingale", "Luscinia megarhynchos"),
        ("Common Chafinch", "Fringilla coelebs"), ("Song Trush", "Turdus philomelos"), ("Great Tti", "Parus major"),
        ("Eurasian Blackbird", "Turdus merula"), ("Common Blackbird", "Turdus merula"), ("eurbla", "Turdus merula"),
        ("EUBB", "Turdus merula"), ("AMRO", "Turdus migratorius"), ("turdus merula", "Turdus merula"),
        ("PARUS MAJOR", "Parus major"), ("black capped chickadee", "Poecile atricapillus"), ("Blackcapped Chickadee", "Poecile atricapillus"),
        ("Chaffinch", "Fringilla coelebs"), ("blutit", "Cyanistes caeruleus"), ("Tawny owl", "Strix aluco"),
        ("Rüppell's Warbler", "Curruca ruppeli"), ("ruppells warbler", "Curruca ruppeli"),
        // eBird files it under another genus: both scientific names are the one species, and a typo of its name too.
        ("Dryobates arizonae", "Leuconotopicus arizonae"), ("Ariozna Woodpecker", "Leuconotopicus arizonae"),
        ("Blakc Thrush", "Turdus infuscatus"), ("Blackbrid", "Turdus merula"),
        // A subspecies is its species; a letter typed with a combining mark is the letter with it.
        ("Turdus merula merula", "Turdus merula"), ("Ru\u{0308}ppell's Warbler", "Curruca ruppeli"),
    ])
    func everyFormOfANameIsOneSpecies(typed: String, expected: String) throws {
        let explained = try Self.resolver.resolve(typed).explained(typed)
        #expect(try Self.scientific(typed) == expected, "\(explained)")
    }

    /// A bird's name before a code that is spelt the same: "crow" is not the Crested Owl's CROW, nor
    /// "dove" the Little Auk's DOVE.
    @Test(arguments: ["crow", "dove", "wren", "bulbul", "kaka"])
    func aNameComesBeforeACodeSpeltTheSame(typed: String) throws {
        let resolution = try Self.resolver.resolve(typed)
        if case .species(_, .name(_, let kind)) = resolution { #expect(!kind.isCode, "\(typed): \(resolution.explained(typed))") }
        #expect(try Self.scientific("CROW") == "Lophostrix cristata", "a code alone is still read")
    }

    /// A typo of a name two species share is the same choice as the name.
    @Test func aTypoOfASharedNameIsTheChoiceOfTheName() throws {
        let resolver = try Self.resolver
        guard case .choice(let exact) = resolver.resolve("Scarlet Minivet"), case .choice(let typo) = resolver.resolve("Scarlet Minivt") else {
            Issue.record("\(try Self.resolver.resolve("Scarlet Minivt"))"); return
        }
        #expect(exact.map(\.scientific) == typo.map(\.scientific))
    }

    @Test func aNameSeveralBirdsShareIsAChoiceUnlessTheAreaDecides() throws {
        let robin = try Self.resolver.resolve("Robin")
        guard case .choice(let birds) = robin else { Issue.record("\(robin)"); return }
        #expect(birds.prefix(2).map(\.scientific).sorted() == ["Erithacus rubecula", "Turdus migratorius"], "\(birds)")
        #expect(birds.count <= SpeciesResolver.choiceLimit)
        #expect(robin.explained("Robin").hasPrefix("Robin is more than one bird: ") && robin.explained("Robin").hasSuffix(", …"))
        #expect(try Self.scientific("Robin", area: .europe) == "Erithacus rubecula")
        #expect(try Self.scientific("Robin", area: .america) == "Turdus migratorius")
        #expect(try Self.scientific("Robin", area: BirdArea(country: "United Kingdom")) == "Erithacus rubecula")
        // A name everyday use already decides needs no area, and one the area cannot decide is still read.
        #expect(try Self.resolver.resolve("Blackbird", area: .europe).explained("Blackbird") == "Blackbird → Common Blackbird, Turdus merula")
        #expect(try Self.scientific("Blackbird", area: .asia) == "Turdus merula")
        #expect(try Self.scientific("Blue Tit", area: .africa) == "Cyanistes teneriffae")
        #expect(try Self.resolver.resolve("Robin", area: .europe).explained("Robin") == "Robin → European Robin, Erithacus rubecula (the one of Europe)")
    }

    @Test func whatWasReadIsSaid() throws {
        let resolver = try Self.resolver
        #expect(resolver.resolve("Blackbird").explained("Blackbird") == "Blackbird → Common Blackbird, Turdus merula")
        #expect(resolver.resolve("eurbla").explained("eurbla") == "eurbla → Common Blackbird, Turdus merula (eBird code)")
        #expect(resolver.resolve("Great Tti").explained("Great Tti") == "Great Tti → Great Tit, Parus major (the nearest name)")
        #expect(resolver.resolve("eurbla").explained("eurbla", style: .ebird) == "eurbla → Eurasian Blackbird, Turdus merula (eBird code)")
        guard case .species(_, let match) = resolver.resolve("great tit") else { Issue.record("great tit"); return }
        #expect(!match.differs(from: "great tit"), "the species' own name needs no line")
    }

    /// A name no bird has gets the nearest names, however far the typo; a grasshopper is not taken for a bird.
    @Test func aNameNoBirdHasIsNamedAsSuchWithTheNearest() throws {
        let resolver = try Self.resolver
        guard case .unknown(let nearest) = resolver.resolve("Grate Spotted Woodpekcer Birds") else {
            Issue.record("\(resolver.resolve("Grate Spotted Woodpekcer Bird"))"); return
        }
        #expect(nearest.first?.scientific == "Dendrocopos major", "\(nearest)")
        guard case .unknown = resolver.resolve("Common Field Grasshopper") else {
            Issue.record("\(resolver.resolve("Common Field Grasshopper"))"); return
        }
        guard case .unknown = resolver.resolve("") else { Issue.record("empty"); return }
    }

    @Test func completionOffersEveryAuthoritysNamesFromAnyWord() throws {
        let taxonomy = try Self.resolver.taxonomy
        let names = taxonomy.completions(of: "eurasian blackb")
        #expect(names.contains("Eurasian Blackbird"), "\(names)")
        #expect(taxonomy.completions(of: "blackbird").contains("Common Blackbird"))
        #expect(taxonomy.completions(of: "turdus mer").contains("Turdus merula"))
    }

    /// Tab reads only the lines with a name that begins with what is typed, and offers what the whole
    /// file would.
    @Test func tabReadsOnlyTheLinesWhoseNamesBeginWithWhatIsTyped() throws {
        for typed in ["blac", "Turdus m", "eurbla", "sp:parus", "en:great t", "AMRO", "gen:cyan"] {
            let word = typed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init) ?? ""
            let few = SpeciesCompletion.taxonomy(namesStarting: word)
            #expect(few.count < TaxonomyFile.species.count / 10, "\(typed): \(few.count)")
            let all = QueryCompletion.candidates(words: ["search", typed], index: 1, prefix: typed, species: { SpeciesCompletion.taxonomy(namesStarting: "") })
            let read = QueryCompletion.candidates(words: ["search", typed], index: 1, prefix: typed, species: { few })
            #expect(read == all && !all.isEmpty, "\(typed): \(read.prefix(5)) against \(all.prefix(5))")
        }
        #expect(Taxonomy.line(ArraySlice("Parus major\tParidae\tGreat Tit\t\tgretit1|great titmouse".utf8), hasANameStarting: Array("great tim".utf8)) == false)
        #expect(Taxonomy.line(ArraySlice("Parus major\tParidae\tGreat Tit\t\tgretit1|great titmouse".utf8), hasANameStarting: Array("great tit".utf8)))
        #expect(Taxonomy.line(ArraySlice("Parus major\tParidae".utf8), hasANameStarting: Array("paridae".utf8)))
    }

    @Test func theFileSaysWhereItsNamesComeFromAndABrokenLineIsNamed() throws {
        #expect(throws: Taxonomy.ReadError.malformedLine(number: 2, reason: "3 fields where 9 are expected")) {
            _ = try Taxonomy(parsing: "# header\nParus major\tParidae\tGreat Tit\n")
        }
        #expect(throws: Taxonomy.ReadError.empty) { _ = try Taxonomy(parsing: "# nothing\n") }
        let long = String(repeating: "wo ", count: 100)
        #expect(throws: Taxonomy.ReadError.malformedLine(number: 1, reason: "a name longer than 200 bytes or 12 words, or too many names")) {
            _ = try Taxonomy(parsing: "Parus major\tParidae\t\(long)\t\t\t\t\t\t\n")
        }
        // Windows line ends, and a species given twice kept once.
        let twice = try Taxonomy(parsing: "Parus major\tParidae\tGreat Tit\t\t\t\t\t\t\r\nParus major\tParidae\tGreat Tit\t\t\t\t\t\t\r\n")
        #expect(twice.species.count == 1 && SpeciesResolver(taxonomy: twice).resolve("great tit").species?.scientific == "Parus major")
        if case .found(_, let path) = TaxonomyFile.read {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("AviList Core Team") && text.contains("CC BY 4.0") && text.contains("eBird/Clements"))
        }
    }

    /// A quiz answer may be any name of the species, a code or a small typo; a short name several birds
    /// share is the one of the set.
    @Test func aQuizAnswerMayBeAnyNameOfTheSpecies() throws {
        let names = QuizNames([QuizSpecies(scientific: "Turdus merula", english: "Common Blackbird"),
                               QuizSpecies(scientific: "Erithacus rubecula", english: "European Robin"),
                               QuizSpecies(scientific: "Strix aluco", english: "Tawny Owl")], resolver: try Self.resolver)
        for typed in ["blackbird", "Eurasian Blackbird", "eurbla", "Common Blakbird", "turdus merula"] {
            #expect(names.species(named: typed)?.scientific == "Turdus merula", "\(typed)")
        }
        #expect(names.species(named: "robin")?.scientific == "Erithacus rubecula")
        #expect(names.species(named: "American Robin") == nil, "a bird outside the set is a wrong answer")
        // The set's key is eBird's scientific name (xeno-canto's genus): AviList's name of it is right.
        let woodpecker = QuizNames([QuizSpecies(scientific: "Dryobates arizonae", english: "Arizona Woodpecker")], resolver: try Self.resolver)
        #expect(woodpecker.species(named: "Leuconotopicus arizonae")?.scientific == "Dryobates arizonae")
        #expect(woodpecker.species(named: "ARWO")?.scientific == "Dryobates arizonae")
        #expect(names.completions(of: "owl") == ["Tawny Owl"])
        #expect(names.completions(of: "blackb") == ["Common Blackbird"])
        #expect(names.completions(of: "eurasian bl") == ["Common Blackbird"])
    }
}

/// Browse's `/` over a pack or a list reads a bird's name as every command does.
@Suite("A shelf filtered by a bird's name")
struct ShelfNameFilterTests {
    static func recording(_ id: Int, _ genus: String, _ species: String, _ english: String, type: String = "song") -> Recording {
        Recording(id: String(id), genus: genus, species: species, englishName: english, recordist: "Jane Doe", country: "France",
                  soundType: type, fileURL: "http://127.0.0.1:9/\(id)/download", quality: "A", length: "0:21")
    }

    @Test func anyNameOfTheBirdFindsItsRecordingsAndOtherWordsStillMatchAsText() async throws {
        let shelf = ShelfClient(recordings: .read([Self.recording(1, "Turdus", "merula", "Common Blackbird"),
                                                   Self.recording(2, "Turdus", "merula", "Common Blackbird", type: "call"),
                                                   Self.recording(3, "Turdus", "philomelos", "Song Thrush"),
                                                   Self.recording(4, "Parus", "major", "Great Tit")]),
                                query: SearchQuery("list:trip", raw: true))
        func ids(_ typed: String) async throws -> [String] { try await shelf.search(SearchQuery(typed), page: 1, perPage: 50).recordings.map(\.id) }
        #expect(try await ids("eurbla") == ["1", "2"])
        #expect(try await ids("Eurasian Blackbird") == ["1", "2"])
        #expect(try await ids("blackbird type:call") == ["2"])
        #expect(try await ids("thrush") == ["3"], "a word that is no one bird matches names as text")
        #expect(try await ids("france") == ["1", "2", "3", "4"])
    }
}
