import Foundation

// Apple's string-backed names bridge to `NSString` (see PortableCoreGraphics' `NSStringBridgedName`), so a name
// that key-value coding returns casts to its type as on Apple platforms:
// `layer.value(forKey: "contentsGravity") as? CALayerContentsGravity`.

extension CALayerContentsGravity: NSStringBridgedName {}
extension CALayerContentsFilter: NSStringBridgedName {}
extension CALayerContentsFormat: NSStringBridgedName {}
extension CALayerCornerCurve: NSStringBridgedName {}
extension CAShapeLayerFillRule: NSStringBridgedName {}
extension CAShapeLayerLineCap: NSStringBridgedName {}
extension CAShapeLayerLineJoin: NSStringBridgedName {}
extension CAGradientLayerType: NSStringBridgedName {}
extension CATextLayerAlignmentMode: NSStringBridgedName {}
extension CATextLayerTruncationMode: NSStringBridgedName {}
extension CAEmitterLayerEmitterShape: NSStringBridgedName {}
extension CAEmitterLayerEmitterMode: NSStringBridgedName {}
extension CAEmitterLayerRenderMode: NSStringBridgedName {}
extension CAScrollLayerScrollMode: NSStringBridgedName {}
extension CAMediaTimingFillMode: NSStringBridgedName {}
extension CAMediaTimingFunctionName: NSStringBridgedName {}
extension CAAnimationCalculationMode: NSStringBridgedName {}
extension CAAnimationRotationMode: NSStringBridgedName {}
extension CATransitionType: NSStringBridgedName {}
extension CATransitionSubtype: NSStringBridgedName {}
extension CAValueFunctionName: NSStringBridgedName {}
