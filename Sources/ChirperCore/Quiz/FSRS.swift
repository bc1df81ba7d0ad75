import RealModule

/// The FSRS scheduler (version 6, as the reference implementation py-fsrs 6.3.1 schedules, without
/// its random fuzz): what a card's memory is after an answer, and when to ask again. A pure function
/// of the card, the rating and the time; times are seconds since 1970.
public struct FSRS: Sendable, Equatable {
    public enum Rating: Int, Sendable, Codable, CaseIterable {
        case again = 1, hard, good, easy
    }

    /// How well a card is held: days until recall falls to 90 % (stability), and how hard it is (1–10).
    public struct Memory: Sendable, Equatable, Codable {
        public var stability: Double
        public var difficulty: Double

        public init(stability: Double, difficulty: Double) {
            self.stability = stability
            self.difficulty = difficulty
        }
    }

    /// Where a card is: never asked; being learned or relearned (short steps of minutes); or in review
    /// (intervals of days). Only a card that has been answered has a memory.
    public enum Phase: Sendable, Equatable, Codable {
        case new
        case learning(step: Int, Memory)
        case review(Memory)
        case relearning(step: Int, Memory)

        /// Answered and not yet in review: learnt, or relearnt after a lapse, in steps of minutes.
        public var isBeingLearnt: Bool {
            switch self {
            case .learning, .relearning: true
            case .new, .review: false
            }
        }

        public var memory: Memory? {
            switch self {
            case .new: nil
            case .learning(_, let memory), .review(let memory), .relearning(_, let memory): memory
            }
        }
    }

    public struct Card: Sendable, Equatable, Codable {
        public var phase: Phase
        /// When to ask again.
        public var due: Double
        /// When it was last answered; nil for a new card.
        public var lastReview: Double?

        public init(phase: Phase = .new, due: Double = 0, lastReview: Double? = nil) {
            self.phase = phase
            self.due = due
            self.lastReview = lastReview
        }
    }

    /// FSRS-6's default parameters (w0…w20), as py-fsrs 6.3.1 ships them.
    public static let defaultParameters: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
        0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    public var parameters: [Double]
    public var desiredRetention: Double
    /// Seconds between the answers of a card being learned (1 and 10 minutes) and relearned (10 minutes).
    public var learningSteps: [Double]
    public var relearningSteps: [Double]
    public var maximumDays: Int

    public init(parameters: [Double] = FSRS.defaultParameters, desiredRetention: Double = 0.9,
                learningSteps: [Double] = [60, 600], relearningSteps: [Double] = [600], maximumDays: Int = 36_500) {
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumDays = maximumDays
    }

    static let day = 86_400.0
    private var decay: Double { -parameters[20] }
    private var factor: Double { Double.pow(0.9, 1 / decay) - 1 }

    /// The chance the card is recalled at `now`.
    public func retrievability(of card: Card, at now: Double) -> Double {
        guard let last = card.lastReview, let memory = card.phase.memory else { return 0 }
        let elapsed = max(0, Self.wholeDays(now - last))
        return Double.pow(1 + factor * elapsed / memory.stability, decay)
    }

    /// The card after an answer rated `rating` at `now`.
    public func review(_ card: Card, _ rating: Rating, at now: Double) -> Card {
        let sinceLast = card.lastReview.map { Self.wholeDays(now - $0) }
        let memory: Memory
        if let held = card.phase.memory {
            let stability = sinceLast.map { $0 < 1 } ?? false
                ? shortTermStability(held.stability, rating)
                : nextStability(held, retrievability: retrievability(of: card, at: now), rating: rating)
            memory = Memory(stability: stability, difficulty: nextDifficulty(held.difficulty, rating))
        } else {
            memory = Memory(stability: max(parameters[rating.rawValue - 1], Self.stabilityMinimum),
                            difficulty: clampDifficulty(initialDifficulty(rating)))
        }
        let (phase, wait): (Phase, Double)
        switch card.phase {
        case .new: (phase, wait) = stepping(step: 0, steps: learningSteps, memory: memory, rating: rating, again: { .learning(step: $0, $1) })
        case .learning(let step, _): (phase, wait) = stepping(step: step, steps: learningSteps, memory: memory, rating: rating, again: { .learning(step: $0, $1) })
        case .relearning(let step, _): (phase, wait) = stepping(step: step, steps: relearningSteps, memory: memory, rating: rating, again: { .relearning(step: $0, $1) })
        case .review:
            if rating == .again, let first = relearningSteps.first {
                (phase, wait) = (.relearning(step: 0, memory), first)
            } else {
                (phase, wait) = (.review(memory), interval(memory.stability))
            }
        }
        return Card(phase: phase, due: now + wait, lastReview: now)
    }

    /// A card in `steps`: again goes back to the first; hard stays; good moves on or, past the last,
    /// into review; easy goes into review at once.
    private func stepping(step: Int, steps: [Double], memory: Memory, rating: Rating,
                          again stepped: (Int, Memory) -> Phase) -> (Phase, Double) {
        let step = max(0, step)
        if steps.isEmpty || (step >= steps.count && rating != .again) {
            return (.review(memory), interval(memory.stability))
        }
        switch rating {
        case .again: return (stepped(0, memory), steps[0])
        case .hard:
            if step == 0 { return (stepped(step, memory), steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2) }
            return (stepped(step, memory), steps[min(step, steps.count - 1)])
        case .good:
            if step + 1 >= steps.count { return (.review(memory), interval(memory.stability)) }
            return (stepped(step + 1, memory), steps[step + 1])
        case .easy: return (.review(memory), interval(memory.stability))
        }
    }

    /// Whole days until recall falls to the desired retention: at least one, at most `maximumDays`.
    private func interval(_ stability: Double) -> Double {
        let days = (stability / factor * (Double.pow(desiredRetention, 1 / decay) - 1)).rounded(.toNearestOrEven)
        return Double(min(max(Int(days), 1), maximumDays)) * Self.day
    }

    private func initialDifficulty(_ rating: Rating) -> Double {
        parameters[4] - Double.exp(parameters[5] * Double(rating.rawValue - 1)) + 1
    }

    private func nextDifficulty(_ difficulty: Double, _ rating: Rating) -> Double {
        let delta = -parameters[6] * Double(rating.rawValue - 3)
        let damped = difficulty + (10 - difficulty) * delta / 9
        return clampDifficulty(parameters[7] * initialDifficulty(.easy) + (1 - parameters[7]) * damped)
    }

    private func shortTermStability(_ stability: Double, _ rating: Rating) -> Double {
        var increase = Double.exp(parameters[17] * (Double(rating.rawValue) - 3 + parameters[18])) * Double.pow(stability, -parameters[19])
        if rating == .good || rating == .easy { increase = max(increase, 1) }
        return max(stability * increase, Self.stabilityMinimum)
    }

    private func nextStability(_ memory: Memory, retrievability: Double, rating: Rating) -> Double {
        let (s, d, w) = (memory.stability, memory.difficulty, parameters)
        let next: Double
        if rating == .again {
            let longTerm = w[11] * Double.pow(d, -w[12]) * (Double.pow(s + 1, w[13]) - 1) * Double.exp((1 - retrievability) * w[14])
            next = min(longTerm, s / Double.exp(w[17] * w[18]))
        } else {
            let penalty = rating == .hard ? w[15] : 1, bonus = rating == .easy ? w[16] : 1
            next = s * (1 + Double.exp(w[8]) * (11 - d) * Double.pow(s, -w[9]) * (Double.exp((1 - retrievability) * w[10]) - 1) * penalty * bonus)
        }
        return max(next, Self.stabilityMinimum)
    }

    private func clampDifficulty(_ difficulty: Double) -> Double { min(max(difficulty, 1), 10) }

    static let stabilityMinimum = 0.001

    /// Whole days in `seconds`, rounded down (as Python's timedelta counts them).
    static func wholeDays(_ seconds: Double) -> Double { (seconds / day).rounded(.down) }
}
