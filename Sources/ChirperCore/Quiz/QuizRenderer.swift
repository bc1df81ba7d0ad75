import DisplayText
import PlaybackModel
import XenoCanto

/// The quiz's screen, a pure function of the model: until an answer, nothing on it names the species
/// (no header, no title; the sonogram hint is a picture only).
public enum QuizRenderer {
    /// `linear`: for the linear mode, where lines are said once each: the sound in words, no picture,
    /// no help bar (`?` lists the commands), and no answer box (the terminal echoes what is typed).
    public static func lines(_ model: QuizModel, title: String, linear: Bool = false) -> [String] {
        if model.showsKeys { return keys(model, title: title) }
        var lines: [String]
        switch model.state {
        case .introducing(let index):
            lines = heading(title, index, model) + [""] + introduction(model.questions[index], model: model, linear: linear)
        case .asking(let index, let typed, let hinted, _):
            lines = heading(title, index, model) + ["", soundLine(model, linear: linear)]
            if hinted, let picture = model.sonogram { lines += [""] + sonogram(picture, linear: linear) }
            lines.append("")
            switch model.mode {
            case .typing:
                lines.append("Which bird is it? " + (linear ? "Type its name." : typed + "▏"))
            case .choices:
                let question = model.questions[index]
                for (number, species) in question.choices.enumerated() {
                    lines.append("  \(number + 1)  " + shown(species, in: model))
                }

            case .selfGraded:
                lines.append("Name it to yourself, then ⏎ to see it.")
            }
            if !linear { lines.append(HelpBar.line(KeyLists.bar(on: .quiz(model.mode), playing: true), width: model.width)) }
        case .revealed(let index, let typed, let hinted, let outcome):
            let question = model.questions[index]
            let answer = shown(question.card.species, in: model) + " · " + question.card.soundType
            lines = heading(title, index, model) + [""]
            switch outcome {
            case .right?: lines.append("✓ Right: " + answer + (hinted ? " (with the sonogram: counted as hard)" : ""))
            case .wrong(let named)?: lines.append("✗ Not " + shown(named, in: model) + ": it was " + answer)
            case .gaveUp?: lines.append("– It was " + answer)
            case nil: lines.append("It was " + answer)
            }
            let r = question.recording
            lines.append(credit(r))
            if !typed.isEmpty { lines.append("You answered: " + typed) }
            if let picture = model.sonogram { lines += [""] + sonogram(picture, linear: linear) }
            lines.append("")
            if outcome == nil {
                // Each grade with how long it puts the card away, as Anki's buttons show it.
                let grades = FSRS.Rating.allCases.map { rating in
                    "\(rating.rawValue) \(word(rating))" + (model.gradeWaits.map { " (" + QuizWait.phrase($0[rating.rawValue - 1]) + ")" } ?? "")
                }
                lines.append("How was it? " + grades.joined(separator: " · "))
            } else {
                var keys = [index + 1 < model.questions.count ? "⏎ next" : "⏎ summary", "↑ replay"]
                if case .wrong(let named)? = outcome, model.names.contains(named) {
                    keys.append("c compare with a " + model.names.short(named))
                }
                lines.append((keys + ["q quit"]).joined(separator: " · "))
            }
        case .finished:
            lines = [title, "", summary(model.answers)] + misses(model)
            if let heard = model.sounding, model.playback != .idle {
                lines += ["", linear ? soundWords(model).replacing("Sound", with: "Sound of XC\(heard.id)", maxReplacements: 1)
                    : "♪ XC\(heard.id) " + PlaybackLine.render(model.playback, settings: model.listening, width: max(10, model.width - 12))]
            }
            if !linear { lines += ["", HelpBar.line(KeyLists.bar(on: model.keyScreen, playing: false), width: model.width)] }
        }
        return lines.map { Displayable.line(linear ? spoken($0) : $0) }
    }

    /// A line as the linear mode says it: the keys by what is typed there (an empty line for ⏎, r for ↑).
    static func spoken(_ line: String) -> String {
        LinearCommands.spokenKeys(line).replacing("↑ ", with: "r ")
    }

    /// The linear mode's line when the sound has ended.
    public static let soundOver = "Sound over: r plays it again."

    /// The `?` list: the question's heading, then every key of the quiz in its mode.
    static func keys(_ model: QuizModel, title: String) -> [String] {
        let heading: [String]
        switch model.state {
        case .introducing(let index), .asking(let index, _, _, _), .revealed(let index, _, _, _): heading = self.heading(title, index, model)
        case .finished: heading = [title]
        }
        return (heading + [""] + KeyOverlay.lines(on: model.keyScreen, width: model.width)).map { Displayable.line($0) }
    }

    /// A new card taught: its name, what to listen for (the sound type, the recordist's remarks), the
    /// recording playing and its sonogram, and the key that asks it.
    static func introduction(_ question: QuizQuestion, model: QuizModel, linear: Bool = false) -> [String] {
        guard let taught = question.introduction else { return [] }
        var lines = ["New to you: " + shown(question.card.species, in: model) + " · " + question.card.soundType,
                     "Listen for its " + question.card.soundType + "; then ⏎ asks it, with another recording when there is one."]
        if let remarks = taught.remarks?.trimmed, !remarks.isEmpty { lines.append("The recordist: " + remarks) }
        lines += [credit(taught), "", soundLine(model, linear: linear)]
        if let picture = model.sonogram { lines += [""] + sonogram(picture, linear: linear) }
        return lines + (linear ? [] : ["", HelpBar.line(KeyLists.bar(on: .quizIntroduction, playing: true), width: model.width)])
    }

    /// "♪ ▶ 0:01 / 0:09 ━━──" while the sound plays (with the speed and loop in force), else how to hear it again.
    static func soundLine(_ model: QuizModel, linear: Bool = false) -> String {
        if linear { return soundWords(model) }
        return "♪ " + (model.playback == .idle ? "↑ plays it again"
            : PlaybackLine.render(model.playback, settings: model.listening, width: max(10, model.width - 2)))
    }

    /// The sound in words, for the linear mode, without a ticking clock: a line that starts "Sound".
    static func soundWords(_ model: QuizModel) -> String {
        switch model.playback {
        case .idle: soundOver
        case .buffering: "Sound: loading."
        case .playing: "Sound: playing" + model.listening.statusSuffix + "."
        case .paused: "Sound: paused."
        case .failed(let error): "Sound failed: \(error)."
        }
    }

    /// A sonogram: its picture on the screen; in the linear mode only that there is one.
    static func sonogram(_ picture: SonogramPicture, linear: Bool) -> [String] {
        linear ? ["(The sonogram is a picture, shown on the full screen only.)"] : SonogramText.lines(picture, colours: .none)
    }

    /// "XC900001 · France · Ana Sousa · CC BY-NC-SA 4.0".
    static func credit(_ recording: Recording) -> String {
        ["XC\(recording.id)", recording.country, recording.recordist, LicenceName.short(recording.licence)].compactMap { $0 }.joined(separator: " · ")
    }

    /// The title and the question's number; under it, in a drill, each species' right answers running.
    static func heading(_ title: String, _ index: Int, _ model: QuizModel) -> [String] {
        let streaks = model.streaks.map { model.names.short($0.species) + " \($0.right)/\(model.streakGoal ?? 0)" }
        return ["\(title) · question \(index + 1) of \(model.questions.count)"] + (streaks.isEmpty ? [] : ["Right running: " + streaks.joined(separator: " · ")])
    }


    /// "Great Tit (Parus major)" for a species of the set, else the text as it is.
    static func shown(_ species: String, in model: QuizModel) -> String { model.names.shown(species) }

    /// Each answer that was not right, as heard → taken for, so the session ends with what to listen
    /// for next time.
    static func misses(_ model: QuizModel) -> [String] {
        let missed = model.misses
        guard !missed.isEmpty else { return [] }
        return ["", "Missed (its number hears it again):"] + missed.enumerated().map { number, answer in
            let heard = (number < 9 ? "  \(number + 1)  " : "     ") + shown(answer.card.species, in: model) + " · " + answer.card.soundType
                + " (XC\(answer.recording))"
            switch answer.named {
            case let named?: return heard + " — taken for " + shown(named, in: model)
            case nil: return heard + (answer.rating == .again ? " — given up" : " — graded " + word(answer.rating))
            }
        }
    }

    public static func summary(_ answers: [QuizAnswer]) -> String {
        let right = answers.filter(\.isRight).count
        return "\(answers.count) question\(answers.count == 1 ? "" : "s") answered, \(right) right."
    }

    static func word(_ rating: FSRS.Rating) -> String {
        switch rating {
        case .again: "again"
        case .hard: "hard"
        case .good: "good"
        case .easy: "easy"
        }
    }
}
