/// Where an emitter cell's sub-cells come from (our helper): `CAEmitterCell` in the layer tree. The particle
/// simulation reads each sub-cell's values through it, so rendering needs no knowledge of the layer classes.
protocol EmitterCellSource: AnyObject {
    /// A consistent copy of the cell's values, taken under `LayerTreeLock`.
    var values: EmitterCellState { get }
}
