import ChirperCore
import Foundation
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

func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.2f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
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
