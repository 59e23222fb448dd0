import PortableQuartzCoreExport
import Testing

@Suite("TerminalProgressBar")
struct TerminalProgressBarTests {
    @Test("on a terminal, 60 of 120 draws `wave.gif [###############---------------]  50% 60/120`")
    func drawsOnTerminal() {
        var written: [String] = []
        let bar = TerminalProgressBar(isTerminal: true) { written.append($0) }
        bar.exportBegan(totalSteps: 120, title: "wave.gif")
        for step in 1...120 { bar.exportAdvanced(completedSteps: step) }
        bar.exportEnded(succeeded: true)
        #expect(bar.line(completed: 60) == "wave.gif [###############---------------]  50% 60/120")
        #expect(written.contains("\rwave.gif [###############---------------]  50% 60/120\u{1B}[K"))
        #expect(written.last == "\n")
        // Redrawn only when the percentage or the filled cells change: 0 %, then 1 … 100 % (some steps share a
        // percentage), then the final newline.
        #expect(written.count == 102)
    }

    @Test("when the output is not a terminal nothing is written at all")
    func quietOtherwise() {
        var written: [String] = []
        let bar = TerminalProgressBar(isTerminal: false) { written.append($0) }
        bar.exportBegan(totalSteps: 10, title: "x")
        bar.exportAdvanced(completedSteps: 5)
        bar.exportEnded(succeeded: false)
        #expect(written.isEmpty)
    }

    @Test("a failed export ends the line without drawing 100 %")
    func failureEndsLine() {
        var written: [String] = []
        let bar = TerminalProgressBar(isTerminal: true, cells: 4) { written.append($0) }
        bar.exportBegan(totalSteps: 4, title: "a")
        bar.exportAdvanced(completedSteps: 1)
        bar.exportEnded(succeeded: false)
        #expect(written == ["\ra [----]   0% 0/4\u{1B}[K", "\ra [#---]  25% 1/4\u{1B}[K", "\n"])
    }
}
