/// Sizes as people read them: "4.2 MB", "380 kB", "12 bytes" (decimal units, as file managers show).
enum ByteCount {
    static func text(_ bytes: Int) -> String {
        if bytes >= 1_000_000 {
            let tenths = (Double(bytes) / 100_000).rounded()
            return "\(Int(tenths) / 10).\(Int(tenths) % 10) MB"
        }
        if bytes >= 1_000 { return "\(bytes / 1_000) kB" }
        return "\(bytes) bytes"
    }
}
