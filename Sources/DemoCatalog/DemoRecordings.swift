import XenoCanto

/// The built-in catalog: 132 bird recordings of 12 species over 9 countries, then 4 grasshoppers, generated from a fixed recipe
/// so every run (and every test) sees the same data. Each playable recording has its own pitch.
public struct DemoRecordings: Sendable {
    public struct Entry: Sendable {
        public var recording: Recording
        /// nil for a restricted species: listed, no file.
        public var audio: AudioSpec?
        /// What the search tags read that a v3 recording object does not carry: the family (`fam:`) and,
        /// for a specimen recorded in a studio, when it was collected (`colyear:`, `colmonth:`).
        public var family: String?
        public var collected: (year: Int, month: Int)?
        /// Fields sent with the recording that Chirper does not model (`annotation-set`, `_meta`…).
        public var extraFields: [String: JSONValue]

        public init(
            recording: Recording, audio: AudioSpec?, family: String? = nil, collected: (year: Int, month: Int)? = nil,
            extraFields: [String: JSONValue] = [:]
        ) {
            self.recording = recording
            self.audio = audio
            self.family = family
            self.collected = collected
            self.extraFields = extraFields
        }
    }

    public let entries: [Entry]
    public let recordings: [Recording]
    private let byID: [String: Entry]

    public init(entries: [Entry]) {
        self.entries = entries
        self.recordings = entries.map(\.recording)
        self.byID = Dictionary(entries.map { ($0.recording.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func entry(id: String) -> Entry? { byID[id] }

    struct Species {
        let english: String
        let genus: String
        let species: String
        let family: String
        let group: String
        let baseHertz: Double
        let types: [String]
        var restricted = false
    }

    static let species: [Species] = [
        Species(english: "Great Tit", genus: "Parus", species: "major", family: "Paridae", group: "birds", baseHertz: 3_000, types: ["song", "call", "alarm call"]),
        Species(english: "Eurasian Blue Tit", genus: "Cyanistes", species: "caeruleus", family: "Paridae", group: "birds", baseHertz: 3_600, types: ["song", "call"]),
        Species(english: "Common Blackbird", genus: "Turdus", species: "merula", family: "Turdidae", group: "birds", baseHertz: 1_800, types: ["song", "alarm call", "flight call"]),
        Species(english: "Song Thrush", genus: "Turdus", species: "philomelos", family: "Turdidae", group: "birds", baseHertz: 2_400, types: ["song", "call"]),
        Species(english: "European Robin", genus: "Erithacus", species: "rubecula", family: "Muscicapidae", group: "birds", baseHertz: 3_300, types: ["song", "call"]),
        Species(english: "Common Chaffinch", genus: "Fringilla", species: "coelebs", family: "Fringillidae", group: "birds", baseHertz: 2_800, types: ["song", "call", "flight call"]),
        Species(english: "Eurasian Wren", genus: "Troglodytes", species: "troglodytes", family: "Troglodytidae", group: "birds", baseHertz: 4_000, types: ["song", "call"]),
        Species(english: "Common Nightingale", genus: "Luscinia", species: "megarhynchos", family: "Muscicapidae", group: "birds", baseHertz: 2_100, types: ["song", "nocturnal song"]),
        Species(english: "Tawny Owl", genus: "Strix", species: "aluco", family: "Strigidae", group: "birds", baseHertz: 500, types: ["song", "call"]),
        Species(english: "Rufous-bellied Thrush", genus: "Turdus", species: "rufiventris", family: "Turdidae", group: "birds", baseHertz: 1_600, types: ["song", "call"]),
        Species(english: "Great Kiskadee", genus: "Pitangus", species: "sulphuratus", family: "Tyrannidae", group: "birds", baseHertz: 2_600, types: ["call", "song"]),
        Species(english: "Night Parrot", genus: "Pezoporus", species: "occidentalis", family: "Psittaculidae", group: "birds", baseHertz: 1_200, types: ["call"], restricted: true),
    ]

    static let countries = ["France", "Germany", "Spain", "United Kingdom", "Netherlands", "Sweden", "Brazil", "Argentina", "Australia"]
    static let places: [String: (locality: String, lat: Double, lon: Double)] = [
        "France": ("Forêt de Fontainebleau, Seine-et-Marne", 48.40, 2.70),
        "Germany": ("Spreewald, Brandenburg", 51.87, 14.02),
        "Spain": ("Parque Nacional de Doñana, Huelva", 37.00, -6.44),
        "United Kingdom": ("Wicken Fen, Cambridgeshire", 52.31, 0.28),
        "Netherlands": ("Oostvaardersplassen, Flevoland", 52.45, 5.35),
        "Sweden": ("Tyresta, Stockholm", 59.17, 18.28),
        "Brazil": ("Itatiaia, Rio de Janeiro", -22.45, -44.60),
        "Argentina": ("Reserva Costanera Sur, Buenos Aires", -34.61, -58.35),
        "Australia": ("Diamantina, Queensland", -23.75, 141.13),
    ]
    static let recordists = ["Ana Sousa", "Jonas Lindqvist", "Marie Dubois", "Tom Whitfield", "Lucía Herrera", "Pieter de Vries", "Hannah Becker", "Kenji Morita"]
    static let qualities = ["A", "A", "B", "B", "C", "D", "E"]
    static let rates = [44_100, 22_050, 48_000, 24_000, 32_000]
    static let licences = ["//creativecommons.org/licenses/by-nc-sa/4.0/", "//creativecommons.org/licenses/by-sa/4.0/", "//creativecommons.org/licenses/by/4.0/"]

    /// Recordings per species: 12 × 11 = 132.
    static let perSpecies = 11
    public static let firstID = 900_001

    /// The catalog every `chirper demo` and test uses.
    public static let builtIn: DemoRecordings = {
        var entries: [Entry] = []
        for index in 0..<(species.count * perSpecies) {
            let kind = species[index % species.count]
            let serial = index / species.count
            let id = String(firstID + index)
            let country: String = {
                switch kind.genus {
                case "Pitangus", "Turdus" where kind.species == "rufiventris": return ["Brazil", "Argentina"][serial % 2]
                case "Pezoporus": return "Australia"
                default: return countries[(index * 7 + serial) % 6]
                }
            }()
            let place = places[country]!
            let rate = rates[index % rates.count]
            let channels = index % 4 == 3 ? 2 : 1
            // Mostly short; one minute-long and one ten-minute recording for streaming and memory tests.
            let seconds: Double = index == 40 ? 60 : index == 41 ? 600 : Double(2 + (index * 5) % 11)
            let hertz = kind.baseHertz + Double(serial) * 37 + Double(index % 3) * 11
            let shape: AudioSpec.Shape = switch index % 3 {
            case 0: .tone(hertz: hertz)
            case 1: .call(hertz: hertz, burst: 0.35, pause: 0.25)
            default: .sweep(fromHertz: 1_000, toHertz: 3_000)
            }
            let audio = kind.restricted ? nil : AudioSpec(shape: shape, sampleRate: rate, channels: channels, seconds: seconds)
            let type = kind.types[serial % kind.types.count]
            let year = 2012 + (index % 13)
            let month = 1 + (index * 5) % 12
            let day = 1 + (index * 11) % 28
            var recording = Recording(
                id: id, genus: kind.genus, species: kind.species, group: kind.group, englishName: kind.english,
                recordist: recordists[(index * 3) % recordists.count], country: country, locality: place.locality,
                latitude: index % 9 == 5 ? nil : String(format2(place.lat + Double(serial) * 0.01)),
                longitude: index % 9 == 5 ? nil : String(format2(place.lon - Double(serial) * 0.01)),
                altitude: index % 5 == 0 ? nil : String(10 + (index * 37) % 1800),
                soundType: type, sex: serial % 3 == 0 ? "male" : nil, stage: "adult", method: "field recording",
                pageURL: "//xeno-canto.org/\(id)",
                licence: licences[index % licences.count], quality: qualities[index % qualities.count],
                length: RecordingLength.format(seconds),
                time: String(format: "%02d:%02d", 4 + index % 15, (index * 13) % 60),
                date: String(format: "%04d-%02d-%02d", year, month, day),
                uploaded: String(format: "%04d-%02d-%02d", min(2026, year + 1), month, day),
                backgroundSpecies: index % 4 == 0 ? [species[(index + 1) % species.count].genus + " " + species[(index + 1) % species.count].species] : [],
                remarks: index % 6 == 0 ? "Synthesised for Chirper's demo catalog: \(audio.map(describe) ?? "no audio")." : nil,
                animalSeen: index % 2 == 0 ? "yes" : "no", playbackUsed: index % 10 == 6 ? "yes" : "no", temperature: nil,
                automatic: "no", device: index % 3 == 0 ? "Zoom H5" : nil, microphone: index % 3 == 0 ? "Sennheiser ME66" : nil,
                sampleRate: String(rate))
            recording.fileName = kind.restricted ? nil : "XC\(id)-\(kind.english.replacingOccurrences(of: " ", with: "-")).mp3"
            entries.append(Entry(recording: recording, audio: audio, family: kind.family))
        }
        return DemoRecordings(entries: entries + grasshoppers)
    }()

    /// Four grasshoppers and bush-crickets after the birds (XC900133–900136): specimens recorded in a
    /// studio, with what only they have in xeno-canto: a temperature, a collection date and a museum's
    /// registration number.
    static let grasshoppers: [Entry] = {
        let kinds: [(english: String, genus: String, species: String, family: String, hertz: Double)] = [
            ("Roesel's Bush-cricket", "Roeseliana", "roeselii", "Tettigoniidae", 9_000),
            ("Large Saw-tailed Bush-cricket", "Polysarcus", "denticauda", "Tettigoniidae", 7_500),
            ("Common Field Grasshopper", "Chorthippus", "brunneus", "Acrididae", 6_000),
            ("Rufous Grasshopper", "Gomphocerippus", "rufus", "Acrididae", 5_200),
        ]
        return kinds.enumerated().map { offset, kind in
            let id = String(firstID + species.count * perSpecies + offset)
            let audio = AudioSpec(shape: .call(hertz: kind.hertz, burst: 0.2, pause: 0.15), sampleRate: 48_000, channels: 1, seconds: Double(4 + offset))
            var recording = Recording(
                id: id, genus: kind.genus, species: kind.species, group: "grasshoppers", englishName: kind.english,
                recordist: recordists[offset * 2], country: offset < 2 ? "Germany" : "Netherlands",
                locality: offset < 2 ? places["Germany"]!.locality : places["Netherlands"]!.locality,
                latitude: nil, longitude: nil, altitude: nil, soundType: "calling song", sex: "male", stage: "adult",
                method: "studio recording", pageURL: "//xeno-canto.org/\(id)", licence: licences[offset % licences.count],
                quality: qualities[offset], length: RecordingLength.format(Double(4 + offset)), time: "14:00",
                date: "2023-0\(6 + offset)-1\(offset)", uploaded: "2024-0\(1 + offset)-20", backgroundSpecies: [],
                remarks: "Studio recording of a collected specimen.", animalSeen: "yes", playbackUsed: "no",
                temperature: String(22 + offset * 2) + ".5", registrationNumber: "ZFMK-ORT-2023-0\(41 + offset)",
                automatic: "no", device: "Sony PCM-D100", microphone: "Sennheiser MKH 8020", sampleRate: "48000")
            recording.fileName = "XC\(id)-\(kind.english.replacingOccurrences(of: " ", with: "-")).mp3"
            return Entry(recording: recording, audio: audio, family: kind.family, collected: (2023, 6 + offset),
                         extraFields: offset == 0 ? ["annotation-set": annotationSet(of: recording, hertz: kind.hertz)] : [:])
        }
    }()

    /// An annotation set as xeno-canto serves one: two of the recording's bursts (0.35 s apart, 0.2 s
    /// long) boxed from 1 kHz below its pitch to 1 kHz above, credited to a set of its own.
    static func annotationSet(of recording: Recording, hertz: Double) -> JSONValue {
        let annotations: [JSONValue] = [(0.35, 0.55), (1.75, 1.95)].enumerated().map { index, times in
            .object([
                "annotation_xc_id": .string("demo-\(recording.id)-\(index + 1)"), "xc_nr": .string(recording.id),
                "start_time": .number(times.0), "end_time": .number(times.1),
                "frequency_low": .number(hertz - 1_000), "frequency_high": .number(hertz + 1_000),
                "scientific_name": .string(recording.scientificName), "sound_type": .string("calling song"),
                "sex": .string("male"), "life_stage": .string("adult"), "overlap": .bool(false),
            ])
        }
        return .array([.object([
            "set_name": .string("Chirper demo bursts"), "set_creator": .string("Hannah Becker"),
            "license": .string("CC BY 4.0"), "annotations": .array(annotations),
        ])])
    }

    private static func format2(_ value: Double) -> String { String(format: "%.4f", value) }

    private static func describe(_ spec: AudioSpec) -> String {
        let channels = spec.channels == 1 ? "mono" : "stereo"
        switch spec.shape {
        case .tone(let hz): return "a steady \(Int(hz)) Hz tone, \(spec.sampleRate) Hz \(channels)"
        case .call(let hz, _, _): return "calls at \(Int(hz)) Hz, \(spec.sampleRate) Hz \(channels)"
        case .sweep(let from, let to): return "a sweep from \(Int(from)) to \(Int(to)) Hz, \(spec.sampleRate) Hz \(channels)"
        case .announcedSong(let hz, let lead):
            return "wind and a voice, then from \(Int(lead)) s a song from \(Int(hz)) Hz, \(spec.sampleRate) Hz \(channels)"
        case .songOverInsects(let hz, let lead, let insect):
            return "a cricket at \(Int(insect)) Hz throughout, from \(Int(lead)) s a song from \(Int(hz)) Hz, \(spec.sampleRate) Hz \(channels)"
        }
    }
}

import Foundation
