import Foundation

/// Sizes as people read them: "4.2 MB", "380 kB", "12 bytes" (decimal units, as file managers show).
enum ByteCount {
    static func text(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        if bytes >= 1_000 { return "\(bytes / 1_000) kB" }
        return "\(bytes) bytes"
    }
}
