import ChirperCore
import DisplayText
import XenoCanto
import XenoCantoHTTP
import LibraryModel

/// A mark as `chirper marks` lists it: "  2  1.50–2.30 s  2000–6000 Hz  first phrase".
enum MarkLines {
    static func line(_ region: MarkedRegion, number: Int) -> String {
        let times = region.isPoint ? seconds(region.start) + " s" : seconds(region.start) + "–" + seconds(region.end) + " s"
        let band = region.band.map { "  " + hertz($0.lowerBound) + "–" + hertz($0.upperBound) + " Hz" } ?? ""
        return Displayable.line("\(number)  " + times + band + (region.label.isEmpty ? "" : "  " + region.label))
    }

    /// Seconds to the hundredth: "1.50".
    static func seconds(_ value: Double) -> String { DecimalText.hundredths(value) }

    static func hertz(_ value: Double) -> String { String(Int(value.rounded())) }

    /// Whether `imported` is the mark `held` as an export wrote it: times to the microsecond, an empty
    /// label written as "mark N", no band written as the whole range.
    static func same(_ imported: MarkedRegion, as held: MarkedRegion) -> Bool {
        guard abs(imported.start - held.start) < 1e-5, abs(imported.end - held.end) < 1e-5 else { return false }
        let label = imported.label == held.label
            || (held.label.isEmpty && imported.label.hasPrefix("mark ") && imported.label.dropFirst(5).allSatisfy(\.isNumber))
        let band = held.band == nil || imported.band.map { new in held.band.map { abs(new.lowerBound - $0.lowerBound) < 1e-3 && abs(new.upperBound - $0.upperBound) < 1e-3 } ?? false } ?? false
        return label && band
    }

    /// The whole range of a recording: 0 Hz to half its sample rate (xeno-canto's `smp`), else to 24 kHz,
    /// half of 48 kHz, the rate most of its recordings have.
    static func fullBand(sampleRate: String?) -> ClosedRange<Double> {
        guard let text = sampleRate, let rate = Double(text.trimmed), rate.isFinite, (2_000...1_000_000).contains(rate) else { return 0...24_000 }
        return 0...(rate / 2)
    }
}

/// A recording's metadata for its marks: the library's copy, else xeno-canto's answer.
enum MarkedRecording {
    case found(Recording)
    case unknown(String)

    static func lookup(_ number: String, library: any LibraryStore, api: APIChoice) async -> MarkedRecording {
        if let held = try? library.recordings(ids: [number]).first { return .found(held) }
        do {
            let client = try api.client()
            guard let recording = try await client.recording(number: number) else { return .unknown("no recording XC\(number) on xeno-canto") }
            return .found(recording)
        } catch let failure as CommandFailure {
            return .unknown(failure.message.hasPrefix("chirper: ") ? String(failure.message.dropFirst(9)) : failure.message)
        } catch let error as APIError {
            return .unknown(error.description)
        } catch {
            return .unknown("\(error)")
        }
    }
}
