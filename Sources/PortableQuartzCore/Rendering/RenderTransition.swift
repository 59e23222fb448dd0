/// A `CATransition` being shown on a layer (our helper): the effect, how far it is, and the layer's subtree as it
/// looked before (SPEC §6.2).
struct RenderTransition {
    /// The effect (parsed from the transition's `type`; unknown names fade).
    var kind: TransitionKind
    /// The side the new picture comes from (parsed from its `subtype`; nil and unknown names are fromLeft).
    var direction: TransitionDirection
    /// Progress 0…1 through the effect (start and end progress applied).
    var progress: Double
    /// The layer's subtree as the frame before the transition started showed it, root at index 0; nil when no
    /// earlier frame showed the layer (the old picture is then empty).
    var old: RenderTree?
    /// The transition object (stable while it plays).
    var key: ObjectIdentifier
    /// The layer it plays on.
    var layer: ObjectIdentifier
}
