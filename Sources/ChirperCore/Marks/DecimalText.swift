import XenoCanto

/// Numbers as the tables of other programs write them: a fixed count of decimals, a point, no exponent.
public enum DecimalText {
    /// `value` (finite, at most a million) with `places` decimals: 1.5 → "1.500000".
    static func fixed(_ value: Double, places: Int = 6) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard places > 0 else { return sign + String(whole) }
        let digits = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: places - digits.count) + digits
    }

    /// A number a table holds: decimal, with a point or (as a European Raven writes) a comma.
    static func number(_ text: Substring) -> Double? {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty, trimmed.count <= 40 else { return nil }
        return Double(String(trimmed.map { $0 == "," ? "." : $0 }))
    }
}

extension DecimalText {
    /// Seconds for a person, to the hundredth: 1.5 → "1.50".
    public static func hundredths(_ value: Double) -> String { fixed(value, places: 2) }
}
