import ChirperCore
import FoundationEssentials
import SystemAccess

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

    /// The colours a sonogram is drawn in on `descriptor`: none when colour is not wanted, true colour
    /// when COLORTERM says the terminal takes it, else the 256-colour palette.
    func sonogramColours(on descriptor: Int32) -> SonogramText.Colours {
        guard wantsColour(on: descriptor) else { return .none }
        let colourTerm = EnvironmentVariable.value("COLORTERM") ?? ""
        return colourTerm == "truecolor" || colourTerm == "24bit" ? .trueColour : .palette256
    }
}
