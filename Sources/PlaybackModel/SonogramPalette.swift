/// The colours of a sonogram, one map for the terminal and the PNG: dark to bright, black, indigo,
/// magenta, orange, pale yellow (like the "magma" map).
public enum SonogramPalette {
    /// 0 (floor) … 1 (0 dB).
    public static func level(_ decibels: Float, _ floor: Float) -> Double {
        Double(min(1, max(0, (decibels - floor) / -floor)))
    }

    static let stops: [(Double, Double, Double)] = [(0, 0, 4), (59, 15, 112), (140, 41, 129), (222, 73, 104), (254, 159, 109), (252, 253, 191)]

    public static func colour(_ level: Double) -> (Int, Int, Int) {
        let position = min(1, max(0, level)) * Double(stops.count - 1)
        let index = min(stops.count - 2, Int(position))
        let f = position - Double(index)
        let (a, b) = (stops[index], stops[index + 1])
        return (Int(a.0 + (b.0 - a.0) * f), Int(a.1 + (b.1 - a.1) * f), Int(a.2 + (b.2 - a.2) * f))
    }

    /// The nearest colour of the xterm 6×6×6 cube.
    public static func index256(_ level: Double) -> Int {
        let (r, g, b) = colour(level)
        func cube(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        return 16 + 36 * cube(r) + 6 * cube(g) + cube(b)
    }
}
