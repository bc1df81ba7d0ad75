/// Edits between two names' keys: insertions, deletions, substitutions and swaps of two neighbours
/// ("Great Tti" is one edit from "Great Tit").
enum EditDistance {
    /// The rows of one count, kept from one name to the next so a scan of thousands allocates once.
    struct Scratch {
        var beforeLast: [Int] = []
        var last: [Int] = []
        var current: [Int] = []
    }

    /// The distance, or a number above `limit` once it is certain to exceed it.
    static func between(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int {
        var scratch = Scratch()
        return between(a.span, b.span, atMost: limit, scratch: &scratch)
    }

    static func between(_ a: Span<UInt8>, _ b: Span<UInt8>, atMost limit: Int, scratch: inout Scratch) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        if scratch.last.count < width {
            scratch.beforeLast = [Int](repeating: 0, count: width)
            scratch.last = [Int](repeating: 0, count: width)
            scratch.current = [Int](repeating: 0, count: width)
        }
        for j in 0..<width { scratch.last[j] = j }
        for i in 1...a.count {
            scratch.current[0] = i
            var rowBest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(scratch.last[j] + 1, scratch.current[j - 1] + 1, scratch.last[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, scratch.beforeLast[j - 2] + 1)
                }
                scratch.current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return limit + 1 }
            swap(&scratch.beforeLast, &scratch.last)
            swap(&scratch.last, &scratch.current)
        }
        return scratch.last[b.count]
    }
}
