/// `--color auto|always|never`, on the commands that colour. The flag wins over NO_COLOR, as no-color.org
/// asks; auto colours only a terminal that takes escape codes, and not when NO_COLOR is set.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    func wantsColour(on descriptor: Int32) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return Terminal.allowsEscapes(descriptor) && !Terminal.noColorAsked
        }
    }
}
