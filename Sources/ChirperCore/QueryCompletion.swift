/// What Tab offers in a query (`search`, `browse`, `queue`, `download`, `quiz`): the tags, each tag's
/// values where the API has a vocabulary for it, and the species names the library knows (for bare
/// words, `sp:` and `en:`).
public enum QueryCompletion {
    /// The tags of the API's search help, as typed before their value.
    public static let tags = ["gen", "sp", "ssp", "fam", "en", "grp", "rec", "cnt", "loc", "area", "box", "lat", "lon", "alt",
                              "type", "othertype", "sex", "stage", "method", "len", "q", "smp", "year", "month", "since",
                              "colyear", "colmonth", "nr", "lic", "temp", "regnr", "auto", "dvc", "mic", "also", "rmk",
                              "seen", "playback"]

    /// The values of the tags with a fixed vocabulary.
    public static let values: [String: [String]] = [
        "type": ["song", "call", "alarm call", "flight call", "nocturnal flight call", "begging call", "drumming", "duet",
                 "dawn song", "subsong", "echolocation", "social call", "distress call", "aberrant"],
        "q": ["A", "B", "C", "D", "E", ">C", "<C"],
        "sex": ["male", "female", "uncertain"],
        "stage": ["adult", "juvenile", "nestling", "nymph", "subadult", "uncertain"],
        "method": ["field recording", "in the hand", "in net", "in enclosure", "studio recording", "fading"],
        "grp": ["birds", "grasshoppers", "bats", "frogs", "land mammals", "soundscape"],
        "area": ["africa", "america", "asia", "australia", "europe"],
        "lic": ["BY", "BY-SA", "BY-NC", "BY-NC-SA", "BY-ND", "BY-NC-ND", "PD"],
        "seen": ["yes", "no"], "playback": ["yes", "no"], "auto": ["yes", "no"],
        "cnt": ["argentina", "australia", "austria", "belgium", "bolivia", "brazil", "canada", "chile", "china", "colombia",
                "costa rica", "czech republic", "denmark", "ecuador", "finland", "france", "germany", "greece", "hungary",
                "india", "indonesia", "ireland", "israel", "italy", "japan", "kenya", "madagascar", "malaysia", "mexico",
                "morocco", "netherlands", "new zealand", "norway", "panama", "peru", "philippines", "poland", "portugal",
                "romania", "russian federation", "south africa", "spain", "sweden", "switzerland", "tanzania", "thailand",
                "turkey", "uganda", "united kingdom", "united states", "uruguay", "venezuela", "vietnam"],
    ]

    /// What a shell should offer for the word being typed.
    /// `words`: the command line's words as the shell split them; `index`: the word being typed;
    /// `prefix`: its part before the cursor. Bash splits `type:so` at the colon (`type`, `:`, `so`) and
    /// replaces only `so`: then the values come bare; fish and zsh replace the whole word.
    /// `species`: the names the library knows, asked for only when they can be offered.
    /// Matching forgives case; each candidate keeps what was typed as typed (bash offers only what
    /// begins with it exactly), the rest as the name is written.
    /// `bash`: the words are bash's, split at the colon (`type`, `:`, `so`).
    public static func candidates(words: [String], index: Int, prefix: String, bash: Bool = false, species: () -> [Species]) -> [String] {
        // Asked for once at most: each asking opens the library.
        var known: [Species]?
        let once = {
            if known == nil { known = species() }
            return known ?? []
        }
        let colonWord = bash && prefix.hasPrefix(":")
        return matching(words: words, index: index, prefix: prefix, colonWord: colonWord, species: once).map { candidate in
            let typed = colonWord ? "" : prefix
            return candidate.hasPrefix(typed) ? candidate : typed + candidate.dropFirst(typed.count)
        }
    }

    private static func matching(words: [String], index: Int, prefix: String, colonWord: Bool, species: () -> [Species]) -> [String] {
        // Bash's word is the colon itself when Tab follows it at once (`type:`): the values, bare.
        if colonWord, index >= 1, index <= words.count {
            let typed = prefix.dropFirst()
            return values(of: words[index - 1].lowercased(), species: species).filter { starts($0, with: String(typed)) }
        }
        if let colon = prefix.firstIndex(of: ":") {
            let tag = String(prefix[..<colon]).lowercased()
            let typed = String(prefix[prefix.index(after: colon)...])
            return values(of: tag, species: species).filter { starts($0, with: typed) }.map { tag + ":" + $0 }
        }
        if index >= 2, index <= words.count, words[index - 1] == ":" {
            return values(of: words[index - 2].lowercased(), species: species).filter { starts($0, with: prefix) }
        }
        if index >= 1, index <= words.count, words[index - 1].hasSuffix(":"), words[index - 1].count > 1 {
            let tag = String(words[index - 1].dropLast()).lowercased()
            return values(of: tag, species: species).filter { starts($0, with: prefix) }
        }
        let names = prefix.isEmpty ? [] : unique(species().flatMap { [$0.english, $0.scientific].compactMap { $0 } + $0.otherEnglish + $0.codes }.filter { starts($0, with: prefix) })
        let matching = tags.filter { starts($0 + ":", with: prefix) }
        // One tag: its values too, so a shell completes up to the colon and adds no space after it.
        let values = matching.count == 1 ? values(of: matching[0], species: species).map { matching[0] + ":" + $0 } : []
        return matching.map { $0 + ":" } + values + names
    }

    private static func values(of tag: String, species: () -> [Species]) -> [String] {
        switch tag {
        case "sp": unique(species().map { $0.scientific.lowercased() })
        case "en": unique(species().flatMap { [$0.english].compactMap { $0 } + $0.otherEnglish })
        case "gen": unique(species().map { String($0.scientific.prefix { $0 != " " }).lowercased() })
        default: values[tag] ?? []
        }
    }

    /// A word as bash gives it, typed with its escapes (`united\ k`, `\>C`, `"alarm c`): as it reads.
    public static func bashWord(_ word: String) -> String {
        var read = ""
        var escaped = false
        for character in word {
            if escaped {
                read.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character != "\"" && character != "'" {
                read.append(character)
            }
        }
        return read
    }

    /// A species the library knows by its names.
    public struct Species: Sendable, Equatable {
        public var english: String?
        public var scientific: String
        /// Other authorities' English names.
        public var otherEnglish: [String]
        /// Its eBird and banding codes.
        public var codes: [String]

        public init(english: String?, scientific: String, otherEnglish: [String] = [], codes: [String] = []) {
            self.english = english
            self.scientific = scientific
            self.otherEnglish = otherEnglish
            self.codes = codes
        }
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    private static func starts(_ candidate: String, with typed: String) -> Bool {
        candidate.lowercased().hasPrefix(typed.lowercased())
    }
}
