import ArgumentParser

/// Every number a person types is checked against the range the program can use, here, where it is
/// parsed: what passes can never make the arithmetic after it trap (an overflow, a NaN turned into an
/// integer, a picture too large to allocate). A NaN is in no range.
enum OptionRange {
    static func check<Value: Comparable>(_ value: Value?, _ range: ClosedRange<Value>, _ message: @autoclosure () -> String) throws {
        guard let value else { return }
        guard range.contains(value) else { throw ValidationError(message()) }
    }

    /// The top of a sonogram's frequency axis: above 0, at most half the highest sample rate there is.
    static let kilohertz = 0.001...500.0
    static let kilohertzMessage = "--max-khz must be more than 0 and at most 500."
    /// A sonogram's height in terminal lines: enough for its labels, at most what a screen can hold.
    static let sonogramLines = 6...1_000
    /// Counts (pages, tracks, passes): from 1 to what no listener reaches.
    static let count = 1...1_000_000
}
