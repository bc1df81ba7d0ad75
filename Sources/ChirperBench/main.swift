import Audio
import ChirperCore
import DemoCatalog
import PlaybackModel
import Sonogram
import FoundationEssentials
import XenoCanto

// In-process timings of the pure parts, for `make bench` (release build). Prints medians; asserts nothing.

/// A page of `count` recordings shaped like the live API's (string counts, nulls, every field filled).
func livePage(count: Int) -> Data {
    let recordings = (0..<count).map { index in
        Recording(
            id: String(100_000 + index), genus: "Turdus", species: "rufiventris", group: "birds",
            englishName: "Rufous-bellied Thrush", recordist: "Lucía Herrera", country: "Argentina",
            locality: "Reserva Costanera Sur, Buenos Aires", latitude: "-34.6", longitude: "-58.35", altitude: "5",
            soundType: "song, alarm call", sex: "male", stage: "adult", method: "field recording",
            pageURL: "//xeno-canto.org/\(100_000 + index)", fileURL: "https://xeno-canto.org/\(100_000 + index)/download",
            fileName: "XC\(100_000 + index)-Turdus-rufiventris.mp3",
            sonogramURLs: ["small": "//xeno-canto.org/sounds/uploaded/ABC/ffts/XC\(index)-small.png"],
            licence: "//creativecommons.org/licenses/by-nc-sa/4.0/", quality: "A", length: "1:23", time: "06:30",
            date: "2021-04-17", uploaded: "2021-04-20", backgroundSpecies: ["Pitangus sulphuratus"],
            remarks: "Dawn chorus near the lagoon.", animalSeen: "yes", playbackUsed: "no", automatic: "no",
            device: "Zoom H5", microphone: "Sennheiser ME66", sampleRate: "48000")
    }
    let page = Page(numRecordings: 5_000, numSpecies: 1, page: 1, numPages: 10, recordings: recordings)
    return try! JSONEncoder().encode(page)
}

func median(_ runs: Int, _ work: () throws -> Void) rethrows -> Duration {
    var times: [Duration] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try work()
        times.append(ContinuousClock.now - start)
    }
    return times.sorted()[runs / 2]
}

/// `value` with two decimals, as "%.2f" wrote it.
func hundredths(_ value: Double) -> String {
    let cents = Int((value * 100).rounded())
    let fraction = abs(cents) % 100
    return (cents < 0 ? "-" : "") + "\(abs(cents) / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
}

func ms(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

func milliseconds(_ duration: Duration) -> String {
    hundredths(ms(duration)) + " ms"
}

let query = SearchQuery("sp:\"turdus rufiventris\"")
let body = livePage(count: 500)
print("search page: 500 recordings, \(body.count / 1024) KiB of JSON")
var lines = 0
let decodeAndRender = try median(21) {
    let page = try JSONDecoder().decode(Page.self, from: body)
    var state = ListState.idle
    state.reduce(.searchStarted(query, page: 1))
    state.reduce(.pageLoaded(query, page))
    lines = ListRenderer.lines(state, width: 120).count
}
let decodeOnly = try median(21) { _ = try JSONDecoder().decode(Page.self, from: body) }
print("  decode + render (\(lines) lines): \(milliseconds(decodeAndRender)) median of 21")
print("  decode only:                  \(milliseconds(decodeOnly))")

// browse: one frame of a long list costs what a short one does; a scroll step writes what changed.
print("browse frame (100×50 terminal), median of 201:")
let pageOfRows = try JSONDecoder().decode(Page.self, from: livePage(count: 500))
func browseModel(rows: Int) -> BrowseModel {
    var model = BrowseModel(width: 100, height: 50)
    _ = model.receive(.searchStarted(query, page: 1))
    var recordings: [Recording] = []
    for index in 0..<rows {
        var recording = pageOfRows.recordings[index % pageOfRows.recordings.count]
        recording.id = String(100_000 + index)
        recordings.append(recording)
    }
    _ = model.receive(.pageLoaded(query, Page(numRecordings: rows, numSpecies: 1, page: 1, numPages: 1, recordings: recordings)))
    // The cursor in the middle, a row playing: the frame's every part is drawn.
    for _ in 0..<(rows / 2) { _ = model.press(.down) }
    _ = model.receive(.playback(recordingID: model.rows[rows / 2].id, .position(elapsed: 7, duration: 83)))
    return model
}
var frameTimes: [Int: Duration] = [:]
for rows in [100, 1_000, 10_000] {
    let model = browseModel(rows: rows)
    frameTimes[rows] = median(201) { _ = BrowseRenderer.frame(model) }
    print("  \(rows) rows: \(milliseconds(frameTimes[rows]!))")
}
let flatness = frameTimes[10_000]! / frameTimes[100]!
print("  10,000 rows / 100 rows: \(hundredths(flatness))×")

var scrolling = browseModel(rows: 10_000)
_ = scrolling.press(.pageUp)  // the cursor at the top of the screen: 44 steps within it, then scrolling
var shown = BrowseRenderer.frame(scrolling)
var stepBytes: [String: [Int]] = ["cursor moves on screen": [], "list scrolls a line": []]
for step in 0..<200 {
    let scrolls = scrolling.cursor == scrolling.top + scrolling.layout.visibleRows - 1
    _ = scrolling.press(.down)
    let frame = BrowseRenderer.frame(scrolling)
    let bytes = ScreenUpdate.bytes(from: shown, to: frame, width: 100).utf8.count
    let changed = zip(shown, frame).filter { $0 != $1 }.count
    shown = frame
    if step > 0 { stepBytes[scrolls ? "list scrolls a line" : "cursor moves on screen"]!.append(bytes / max(1, changed)) }
    if step == 1 || scrolls && stepBytes["list scrolls a line"]!.count == 1 {
        print("  step \(step): \(changed) lines changed, \(bytes) bytes written")
    }
}
for (kind, perLine) in stepBytes.sorted(by: { $0.key < $1.key }) where !perLine.isEmpty {
    print("  \(kind): \(perLine.sorted()[perLine.count / 2]) bytes per changed line (median of \(perLine.count) steps)")
}

// sonogram: a ten-minute recording decoded, analysed and drawn, end to end (the demo catalog's XC900042,
// 22.05 kHz mono, encoded once with lame into the demo cache).
let tenMinutes = DemoRecordings.builtIn.entry(id: "900042")!.audio!
let tenMinuteFile = try await DemoAudioStore(directory: DemoAudioStore.defaultDirectory()).file(for: tenMinutes)
print("sonogram of a 10-minute recording (\(tenMinutes.sampleRate) Hz, \(tenMinutes.channels == 1 ? "mono" : "stereo")), median of 5:")
var sonogramTimes: [Duration] = []
var decodeTimes: [Duration] = []
for _ in 0..<5 {
    let start = ContinuousClock.now
    let spectrogram = try await SonogramMaker.spectrogram(of: .file(tenMinuteFile.path))
    let picture = SonogramPicture(spectrogram, width: 110, height: 40)
    _ = SonogramText.lines(picture, colours: .trueColour)
    sonogramTimes.append(ContinuousClock.now - start)
    let decodeStart = ContinuousClock.now
    let track = try await DecodedTrack.open(.file(tenMinuteFile.path))
    decoding: while true {
        if case .end = try await track.nextPiece() { break decoding }
    }
    decodeTimes.append(ContinuousClock.now - decodeStart)
}
print("  decode + FFT + draw: \(milliseconds(sonogramTimes.sorted()[2]))")
print("  decode only (the floor): \(milliseconds(decodeTimes.sorted()[2]))")

// `ChirperBench --json FILE`: the figures `bench/compare.py` puts in its table, in milliseconds.
if let flag = CommandLine.arguments.firstIndex(of: "--json"), flag + 1 < CommandLine.arguments.count {
    let figures: [String: Double] = [
        "searchPage500": ms(decodeAndRender),
        "searchPage500DecodeOnly": ms(decodeOnly),
        "frame100": ms(frameTimes[100]!),
        "frame1000": ms(frameTimes[1_000]!),
        "frame10000": ms(frameTimes[10_000]!),
        "sonogram10min": ms(sonogramTimes.sorted()[2]),
    ]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = try encoder.encode(figures)
    try json.write(to: URL(fileURLWithPath: CommandLine.arguments[flag + 1]))
}
