/// How long until a card is asked again, as the quiz says it: "10 min", "5 h", "3 days", "4 months".
public enum QuizWait {
    public static func phrase(_ seconds: Double) -> String {
        if seconds < 3600 { return "\(max(1, Int((seconds / 60).rounded(.up)))) min" }
        if seconds < 86_400 { return "\(Int((seconds / 3600).rounded(.up))) h" }
        let days = Int((seconds / 86_400).rounded())
        if days < 60 { return days == 1 ? "1 day" : "\(days) days" }
        return "\(Int((Double(days) / 30.4).rounded())) months"
    }
}
