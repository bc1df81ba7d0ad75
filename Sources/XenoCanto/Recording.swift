/// One recording as the xeno-canto API v3 describes it.
///
/// Every field but `id` may be missing, empty or `null` in a live response, so each is optional and an
/// empty string is read as absent. Numbers that the API sends as strings stay strings here: the renderer
/// shows them as they are, and `length` has its own parser.
public struct Recording: Sendable, Equatable, Hashable {
    public var id: String
    public var genus: String?
    public var species: String?
    public var subspecies: String?
    public var group: String?
    public var englishName: String?
    public var recordist: String?
    public var country: String?
    public var locality: String?
    public var latitude: String?
    public var longitude: String?
    public var altitude: String?
    public var soundType: String?
    public var sex: String?
    public var stage: String?
    public var method: String?
    public var pageURL: String?
    public var fileURL: String?
    public var fileName: String?
    public var sonogramURLs: [String: String]
    public var oscillogramURLs: [String: String]
    public var licence: String?
    public var quality: String?
    public var length: String?
    public var time: String?
    public var date: String?
    public var uploaded: String?
    public var backgroundSpecies: [String]
    public var remarks: String?
    public var animalSeen: String?
    public var playbackUsed: String?
    public var temperature: String?
    public var registrationNumber: String?
    public var automatic: String?
    public var device: String?
    public var microphone: String?
    public var sampleRate: String?
    /// The annotations sent with it (`annotation-set`), as lines to read.
    public var annotations: [String] = []
    /// The sounds its annotation sets mark, when and of what taxon.
    public var annotatedSounds: [AnnotatedSound] = []
    /// The object this recording was read from, when the client was asked to keep it (`search --json`).
    public var sentJSON = SentJSON()

    public init(
        id: String, genus: String? = nil, species: String? = nil, subspecies: String? = nil,
        group: String? = nil, englishName: String? = nil, recordist: String? = nil, country: String? = nil,
        locality: String? = nil, latitude: String? = nil, longitude: String? = nil, altitude: String? = nil,
        soundType: String? = nil, sex: String? = nil, stage: String? = nil, method: String? = nil,
        pageURL: String? = nil, fileURL: String? = nil, fileName: String? = nil,
        sonogramURLs: [String: String] = [:], oscillogramURLs: [String: String] = [:],
        licence: String? = nil, quality: String? = nil, length: String? = nil, time: String? = nil,
        date: String? = nil, uploaded: String? = nil, backgroundSpecies: [String] = [], remarks: String? = nil,
        animalSeen: String? = nil, playbackUsed: String? = nil, temperature: String? = nil,
        registrationNumber: String? = nil, automatic: String? = nil, device: String? = nil,
        microphone: String? = nil, sampleRate: String? = nil
    ) {
        self.id = id
        self.genus = genus
        self.species = species
        self.subspecies = subspecies
        self.group = group
        self.englishName = englishName
        self.recordist = recordist
        self.country = country
        self.locality = locality
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.soundType = soundType
        self.sex = sex
        self.stage = stage
        self.method = method
        self.pageURL = pageURL
        self.fileURL = fileURL
        self.fileName = fileName
        self.sonogramURLs = sonogramURLs
        self.oscillogramURLs = oscillogramURLs
        self.licence = licence
        self.quality = quality
        self.length = length
        self.time = time
        self.date = date
        self.uploaded = uploaded
        self.backgroundSpecies = backgroundSpecies
        self.remarks = remarks
        self.animalSeen = animalSeen
        self.playbackUsed = playbackUsed
        self.temperature = temperature
        self.registrationNumber = registrationNumber
        self.automatic = automatic
        self.device = device
        self.microphone = microphone
        self.sampleRate = sampleRate
    }
}

extension Recording {
    /// The recording's page on xeno-canto, made from its number, never taken from the answer (whose
    /// pageURL could point anywhere); nil when the number is not all digits.
    public var page: String? {
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return "https://xeno-canto.org/" + id
    }

    /// "Parus major", or whichever part of it is known.
    public var scientificName: String {
        [genus, species, subspecies].compactMap { $0 }.joined(separator: " ")
    }

    /// "Parus major": the species, without its subspecies.
    public var binomial: String {
        [genus, species].compactMap { $0 }.joined(separator: " ")
    }

    /// Restricted species are listed with a blank `file`: such a recording must never be requested.
    public var isPlayable: Bool { audioURL != nil }

    /// The audio URL with a scheme: the API writes some URLs as `//xeno-canto.org/…`.
    public var audioURL: String? { fileURL.map(Recording.absoluteURL) }

    /// The duration in seconds, from `length` ("m:ss" or "h:mm:ss").
    public var duration: Double? { length.flatMap(RecordingLength.seconds) }

    public static func absoluteURL(_ url: String) -> String {
        url.hasPrefix("//") ? "https:" + url : url
    }
}

/// Parses the API's `length` field.
public enum RecordingLength {
    /// "0:21" → 21, "1:02:03" → 3723; nil for anything else.
    public static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return nil }
        var total = 0
        for (index, part) in parts.enumerated() {
            // Six digits at most: no recording is a million hours long, and the sum cannot overflow.
            guard part.count <= 6, let value = Int(part), value >= 0 else { return nil }
            if index > 0 && value >= 60 { return nil }
            total = total * 60 + value
        }
        return Double(total)
    }

    /// 21 → "0:21", 3723 → "1:02:03".
    public static func format(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(0, seconds), 1e12).rounded(.down)) : 0
        let (hours, minutes, secs) = (whole / 3600, whole / 60 % 60, whole % 60)
        let tail = (secs < 10 ? "0" : "") + String(secs)
        if hours > 0 {
            return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + tail
        }
        return "\(minutes):" + tail
    }
}
