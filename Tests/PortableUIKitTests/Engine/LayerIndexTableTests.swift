import Foundation
import Testing

@testable import PortableUIKit

@Suite("LayerIndexTable")
struct LayerIndexTableTests {
    @Test("1,000 layers get indices 0…999; asking again returns the stored index, not the new candidate")
    func insertAndFind() {
        let layers = (0..<1_000).map { _ in CALayer() }
        var table = LayerIndexTable()
        for (index, layer) in layers.enumerated() {
            #expect(table.value(for: ObjectIdentifier(layer), insertingIfAbsent: index) == index)
        }
        #expect(table.count == 1_000)
        for (index, layer) in layers.enumerated().reversed() {
            #expect(table.value(for: ObjectIdentifier(layer), insertingIfAbsent: -1) == index)
        }
        #expect(table.count == 1_000, "lookups of known layers insert nothing")
    }

    @Test("after removeAll the table is empty: a known layer gets the new candidate 7")
    func removeAll() {
        let layer = CALayer()
        var table = LayerIndexTable()
        #expect(table.value(for: ObjectIdentifier(layer), insertingIfAbsent: 3) == 3)
        table.removeAll()
        #expect(table.count == 0)
        #expect(table.value(for: ObjectIdentifier(layer), insertingIfAbsent: 7) == 7)
        #expect(table.count == 1)
    }
}
