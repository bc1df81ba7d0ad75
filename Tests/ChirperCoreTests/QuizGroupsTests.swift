import ChirperCore
import Testing
import XenoCanto

/// Groups of sounds to tell apart: the learner's confusions first, then the genus, the family, then birds heard together.
@Suite struct QuizGroupsTests {
    @Test func confusionsThenGenusThenBirdsHeardTogetherMakeTheGroups() {
        var recordings = QuizPlannerTests.recordings()
        let chaffinch = QuizCardKey(species: "Fringilla coelebs", soundType: "song")
        recordings[chaffinch]![0].backgroundSpecies = ["Parus major", "Not in the set"]
        let groups = QuizGroups(recordings: recordings, confusions: [("Parus major", "Erithacus rubecula"), ("Erithacus rubecula", "Parus major"),
                                                                     ("Parus major", "Parus major"), ("Parus major", "Corvus corax")])
        #expect(groups.groups.map(\.species) == [["Erithacus rubecula", "Parus major", "Fringilla coelebs"], ["Turdus merula", "Turdus philomelos"]])
        #expect(groups.groups[0].reasons == ["Erithacus rubecula and Parus major: taken for each other 2×",
                                            "Fringilla coelebs and Parus major: heard together in 1 recording"])
        #expect(groups.groups[1].reasons == ["Turdus merula and Turdus philomelos: same genus"])
        #expect(groups.weight("Parus major", "Erithacus rubecula") > groups.weight("Turdus merula", "Turdus philomelos"))
        #expect(groups.weight("Turdus merula", "Parus major") == 0)
    }

    /// Of one family (as the taxonomy says), after the genus and before birds heard together.
    @Test func aFamilyJoinsAfterTheGenusAndBeforeABackground() {
        var recordings = QuizPlannerTests.recordings()
        let chaffinch = QuizCardKey(species: "Fringilla coelebs", soundType: "song")
        recordings[chaffinch]![0].backgroundSpecies = ["Parus major"]
        let families = ["Turdus merula": "Turdidae", "Turdus philomelos": "Turdidae", "Erithacus rubecula": "Muscicapidae",
                        "Parus major": "Paridae", "Fringilla coelebs": "Fringillidae"]
        var withRobin = families
        withRobin["Erithacus rubecula"] = "Turdidae"
        let groups = QuizGroups(recordings: recordings, confusions: [], families: withRobin)
        #expect(groups.weight("Turdus merula", "Turdus philomelos") > groups.weight("Turdus merula", "Erithacus rubecula"))
        #expect(groups.weight("Turdus merula", "Erithacus rubecula") > groups.weight("Fringilla coelebs", "Parus major"))
        #expect(groups.groups.first?.reasons.contains("Erithacus rubecula and Turdus merula: same family") == true, "\(groups.groups)")
        #expect(QuizGroups(recordings: recordings, confusions: [], families: families).weight("Turdus merula", "Erithacus rubecula") == 0)
    }

    @Test func aGroupHoldsFourAtMostAndNothingInCommonIsNoGroup() {
        var recordings: [QuizCardKey: [Recording]] = [:]
        for (index, name) in ["a", "b", "c", "d", "e", "f"].enumerated() {
            recordings[QuizCardKey(species: "Sylvia " + name, soundType: "song")] = [QuizModelTests.recording(index, genus: "Sylvia", species: name, english: name)]
        }
        recordings[QuizCardKey(species: "Strix aluco", soundType: "song")] = [QuizModelTests.recording(9, genus: "Strix", species: "aluco", english: "Tawny Owl")]
        let groups = QuizGroups(recordings: recordings, confusions: []).groups
        #expect(groups.map(\.species.count) == [4, 2], "six warblers of one genus: four, then two")
        #expect(!groups.contains { $0.species.contains("Strix aluco") }, "alone in its genus, never confused: in no group")
        #expect(QuizGroups(recordings: [:], confusions: [("x", "y")]).groups.isEmpty)
    }
}

extension QuizGroupsTests {
    /// Among the names offered, after those it was taken for and its genus: birds heard with it.
    @Test func theNamesOfferedTakeBirdsHeardTogetherBeforeAnyOther() {
        var recordings = QuizPlannerTests.recordings()
        recordings[QuizCardKey(species: "Parus major", soundType: "song")]![0].backgroundSpecies = ["Fringilla coelebs"]
        let planner = QuizPlanner(recordings: recordings, states: [:], confusions: [])
        let groups = QuizGroups(recordings: recordings, confusions: [])
        for seed in 0..<8 as Range<UInt64> {
            var random = SeededRandom(seed: seed)
            #expect(Set(planner.offered(for: "Parus major", count: 2, random: &random, groups: groups)) == ["Parus major", "Fringilla coelebs"])
        }
    }
}

extension QuizGroupsTests {
    /// Two groups join when the pair between them fits; a pair within one group is still said; a bird
    /// whose only match is in a full group stays out.
    @Test func groupsMergeWhileTheyFitAndEveryPairWithinIsSaid() {
        var recordings: [QuizCardKey: [Recording]] = [:]
        for (index, genus) in ["Aa", "Bb", "Cc", "Dd", "Ee"].enumerated() {
            let name = String(genus.prefix(1)).lowercased()
            recordings[QuizCardKey(species: genus + " " + name, soundType: "song")] = [QuizModelTests.recording(index, genus: genus, species: name, english: genus)]
        }
        let confusions: [(heard: String, named: String)] = Array(repeating: ("Aa a", "Bb b"), count: 3) + Array(repeating: ("Cc c", "Dd d"), count: 2)
            + [("Aa a", "Cc c"), ("Bb b", "Cc c"), ("Ee e", "Aa a")]
        let groups = QuizGroups(recordings: recordings, confusions: confusions).groups
        #expect(groups.map(\.species) == [["Aa a", "Bb b", "Cc c", "Dd d"]], "the two pairs joined; Ee e finds the group full")
        #expect(groups.first?.reasons == ["Aa a and Bb b: taken for each other 3×", "Cc c and Dd d: taken for each other 2×",
                                         "Aa a and Cc c: taken for each other 1×", "Bb b and Cc c: taken for each other 1×"])
    }
}
