/// A stretch of a recording that someone marked, or a point when it has no length: its times in seconds,
/// a band of frequencies when one was given, and a label. Every value is checked where it is made, so a
/// region in hand is always a valid one.
public struct MarkedRegion: Sendable, Hashable {
    public private(set) var start: Double
    public private(set) var end: Double
    /// Low and high frequency in hertz.
    public private(set) var band: ClosedRange<Double>?
    public var label: String

    /// Nil unless both times are numbers from 0 to a million seconds with `end` not before `start`, and
    /// a band (when given) lies from 0 to a million hertz.
    public init?(start: Double, end: Double, band: ClosedRange<Double>? = nil, label: String = "") {
        guard Self.isTime(start), Self.isTime(end), end >= start else { return nil }
        if let band, !(Self.isFrequency(band.lowerBound) && Self.isFrequency(band.upperBound)) { return nil }
        self.start = start
        self.end = end
        self.band = band
        self.label = label
    }

    /// A region from two times in either order (a mark closed after a seek back).
    public static func between(_ first: Double, _ second: Double, label: String = "") -> MarkedRegion? {
        MarkedRegion(start: min(first, second), end: max(first, second), label: label)
    }

    public var isPoint: Bool { end == start }
    public var seconds: Double { end - start }

    public func with(band: ClosedRange<Double>?) -> MarkedRegion? {
        MarkedRegion(start: start, end: end, band: band, label: label)
    }

    public static func isTime(_ seconds: Double) -> Bool { seconds.isFinite && (0...1_000_000).contains(seconds) }
    public static func isFrequency(_ hertz: Double) -> Bool { hertz.isFinite && (0...1_000_000).contains(hertz) }
}
