/// Where a sonogram's axes have their ticks, on the terminal and in the PNG alike: round kHz and round
/// seconds, as many as fit.
public enum SonogramTicks {
    /// 0 up to `top` Hz at a step of 0.5, 1, 2, 5, 10 or 20 kHz: the smallest step that makes at most
    /// `room` steps.
    public static func hertz(upTo top: Double, room: Int) -> [Double] {
        let step = [500.0, 1000, 2000, 5000, 10_000].first { top / $0 <= Double(max(1, room)) } ?? 20_000
        return stride(from: 0.0, through: top + 1, by: step).map { $0 }
    }

    /// The step in seconds that puts a tick about every `spacing` columns of `width`.
    public static func secondsStep(duration: Double, width: Int, spacing: Int) -> Double {
        let wanted = duration / Double(max(1, width / max(1, spacing)))
        return [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600].first { $0 >= wanted } ?? 600
    }

    /// "8 kHz", "1.5 kHz" (whole kHz from 10 up): a frequency axis's label.
    public static func label(hertz: Double) -> String {
        let tenths = Int((max(0, hertz) / 100).rounded())
        return (tenths % 10 == 0 || tenths >= 100 ? "\((tenths + 5) / 10)" : "\(tenths / 10).\(tenths % 10)") + " kHz"
    }

    /// "0 s", "1.5 s", "2:05": a time axis's label.
    public static func label(seconds value: Double) -> String {
        let tenths = Int((max(0, value) * 10).rounded())
        if tenths >= 600 {
            let whole = tenths / 10
            return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
        }
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}
