import DisplayText

/// Text from outside as Markdown shows it literally: on one line, every ASCII punctuation character
/// backslash-escaped (CommonMark's rule), so a name cannot open a link, an HTML tag, an entity or
/// emphasis, or start a heading or a list.
public enum MarkdownText {
    public static func literal(_ text: String) -> String {
        var escaped = ""
        for character in Displayable.line(text) {
            if character.isASCII, character.isPunctuation || character.isSymbol { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
