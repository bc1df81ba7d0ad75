import FoundationEssentials
import Glibc

/// A moment as "2026-11-23 14:05" or its day "2026-11-23", in the local time zone (strftime: no
/// calendar library needed).
enum LocalTime {
    static func minute(_ date: Date) -> String { formatted(date, "%Y-%m-%d %H:%M") }

    static func day(_ date: Date) -> String { formatted(date, "%Y-%m-%d") }

    private static func formatted(_ date: Date, _ format: String) -> String {
        // A moment read from a file may be anything: one beyond a few thousand years is not a date.
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e11 else { return "an unknown day" }
        var moment = time_t(seconds)
        var parts = tm()
        localtime_r(&moment, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
