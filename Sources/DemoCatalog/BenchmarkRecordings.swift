import XenoCanto

/// The catalog `make bench` serves (`chirper serve-demo --catalog bench`): the files the comparison with
/// mpg123 and mpv plays, and enough listed recordings for three pages of 500.
extension DemoRecordings {
    public enum Benchmark {
        /// 60 s of calls, 44.1 kHz mono: playback CPU, memory and time to first sound (sound from sample 0).
        public static let minuteCall = "910001"
        /// 10 minutes, 44.1 kHz stereo at 128 kbit/s: decode throughput, and memory that must not grow.
        public static let tenMinutes = "910002"
        /// 30 s at 48 kHz stereo.
        public static let wideBand = "910003"
        /// Two 4 s tones in the same format, for the gap between queued tracks (`gen:Lacuna`).
        public static let gapPair = ["910004", "910005"]
        /// Four tones of 1 to 1.6 s in the same format, for the gaps of a queue of short tracks (`gen:Brevis`),
        /// where each next track must be fetched within the current one's length.
        public static let shortTracks = ["910006", "910007", "910008", "910009"]
        /// Listed for the search figures (`gen:Turdus`): 1,500 recordings, three pages of 500.
        public static let listed = 1_500
    }

    public static let benchmark: DemoRecordings = {
        let template = DemoRecordings.builtIn.recordings
        func entry(_ id: Int, genus: String, species: String, english: String, audio: AudioSpec) -> Entry {
            var recording = template[id % template.count]
            recording.id = String(id)
            recording.genus = genus
            recording.species = species
            recording.englishName = english
            recording.pageURL = "//xeno-canto.org/\(id)"
            recording.fileName = "XC\(id)-\(english.replacingOccurrences(of: " ", with: "-")).mp3"
            recording.length = RecordingLength.format(audio.seconds)
            recording.sampleRate = String(audio.sampleRate)
            return Entry(recording: recording, audio: audio)
        }
        let call = AudioSpec(shape: .call(hertz: 3_000, burst: 0.35, pause: 0.25), sampleRate: 44_100, channels: 1, seconds: 60)
        var entries = [
            entry(910_001, genus: "Parus", species: "major", english: "Great Tit", audio: call),
            entry(910_002, genus: "Luscinia", species: "megarhynchos", english: "Common Nightingale",
                  audio: AudioSpec(shape: .sweep(fromHertz: 1_000, toHertz: 3_000), sampleRate: 44_100, channels: 2, seconds: 600, kilobitsPerSecond: 128)),
            entry(910_003, genus: "Erithacus", species: "rubecula", english: "European Robin",
                  audio: AudioSpec(shape: .tone(hertz: 2_000), sampleRate: 48_000, channels: 2, seconds: 30, kilobitsPerSecond: 128)),
            entry(910_004, genus: "Lacuna", species: "prima", english: "First Gap Tone",
                  audio: AudioSpec(shape: .tone(hertz: 2_000), sampleRate: 44_100, channels: 1, seconds: 4)),
            entry(910_005, genus: "Lacuna", species: "secunda", english: "Second Gap Tone",
                  audio: AudioSpec(shape: .tone(hertz: 2_500), sampleRate: 44_100, channels: 1, seconds: 4)),
        ]
        for (offset, seconds) in [1.0, 1.2, 1.4, 1.6].enumerated() {
            entries.append(entry(910_006 + offset, genus: "Brevis", species: "tonus", english: "Short Tone",
                                 audio: AudioSpec(shape: .tone(hertz: 1_500 + 250 * Double(offset)), sampleRate: 44_100, channels: 1,
                                                  seconds: seconds)))
        }
        for index in 0..<Benchmark.listed {
            entries.append(entry(920_000 + index, genus: "Turdus", species: "rufiventris", english: "Rufous-bellied Thrush", audio: call))
        }
        return DemoRecordings(entries: entries)
    }()
}

extension DemoRecordings {
    /// The soak test's catalog (`chirper serve-demo --catalog soak`, `gen:Soak`): 200 short tones, 1 to
    /// 1.6 s, alternating 44.1 and 22.05 kHz so the queue changes stream at every other track.
    public static let soak: DemoRecordings = {
        let template = DemoRecordings.builtIn.recordings
        let entries = (0..<200).map { index -> Entry in
            let id = 930_000 + index
            let audio = AudioSpec(shape: .tone(hertz: 1_000 + Double(index % 20) * 50), sampleRate: index % 2 == 0 ? 44_100 : 22_050,
                                  channels: 1, seconds: 1 + Double(index % 4) * 0.2)
            var recording = template[index % template.count]
            recording.id = String(id)
            recording.genus = "Soak"
            recording.species = "tone"
            recording.englishName = "Soak Tone \(index + 1)"
            recording.pageURL = "//xeno-canto.org/\(id)"
            recording.fileName = "XC\(id)-Soak-Tone.mp3"
            recording.length = RecordingLength.format(audio.seconds)
            recording.sampleRate = String(audio.sampleRate)
            return Entry(recording: recording, audio: audio)
        }
        return DemoRecordings(entries: entries)
    }()
}
