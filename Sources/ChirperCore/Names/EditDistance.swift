/// Edits between two names' keys: insertions, deletions, substitutions and swaps of two neighbours
/// ("Great Tti" is one edit from "Great Tit").
enum EditDistance {
    /// The distance, or a number above `limit` once it is certain to exceed it.
    static func between(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforeLast = [Int](repeating: 0, count: b.count + 1)
        var last = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(last[j] + 1, current[j - 1] + 1, last[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforeLast[j - 2] + 1)
                }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return limit + 1 }
            (beforeLast, last, current) = (last, current, beforeLast)
        }
        return last[b.count]
    }
}
