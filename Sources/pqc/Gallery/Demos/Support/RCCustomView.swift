import PortableUIKit

/// Seed 002's `RCCustomView`: a dark grey view whose two subviews are laid out from its size in `layoutSubviews`,
/// a green `leftView` and a system-pink label `rightView` ("custom"), side by side with 5-point margins, plus a cyan
/// `centerView` (20, 10, 70, 30), hidden at first, that the transition experiments show.
///
/// The seed prints from `willRemoveSubview:` and `didAddSubview:`; once `log` is set, those calls are passed to it
/// (the additions made while the view is built are not).
final class RCCustomView: UIView {
    /// The green subview, `(5, 5, width / 2 − 7.5, height − 10)`.
    let leftView: UIView
    /// The pink label, `(midX + 2.5, 5, width / 2 − 7.5, height − 10)`.
    let rightView: DemoLabel
    /// The cyan subview used by the transitions, hidden at first.
    let centerView: UIView
    /// Where the seed's `NSLog` lines go.
    var log: ((String) -> Void)?

    override init(frame: CGRect) {
        leftView = UIView(frame: .zero)
        rightView = DemoLabel(frame: .zero, text: "custom", fontSize: 15)
        centerView = UIView(frame: CGRect(x: 20, y: 10, width: 70, height: 30))
        super.init(frame: frame)
        backgroundColor = .darkGray
        leftView.backgroundColor = .green
        addSubview(leftView)
        rightView.backgroundColor = .systemPink
        addSubview(rightView)
        centerView.backgroundColor = .cyan
        addSubview(centerView)
        centerView.isHidden = true
        layer.name = "testOptionView"
        leftView.layer.name = "leftView"
        rightView.layer.name = "rightView"
        centerView.layer.name = "centerView"
    }

    required init?(coder: NSCoder) {
        nil
    }

    /// Called when the view first shows and whenever its size changes (not when only its position does): the
    /// subviews' frames follow the view's size.
    override func layoutSubviews() {
        leftView.frame = CGRect(x: 5, y: 5, width: bounds.width * 0.5 - 7.5, height: bounds.height - 10)
        rightView.frame = CGRect(
            x: bounds.midX + 2.5, y: 5, width: bounds.width * 0.5 - 7.5, height: bounds.height - 10)
    }

    override func willRemoveSubview(_ subview: UIView) {
        log?("RCCustomView : willRemoveSubview:, subview=\(subview.layer.name ?? "?")")
    }

    override func didAddSubview(_ subview: UIView) {
        log?("RCCustomView : didAddSubview:, subview=\(subview.layer.name ?? "?")")
    }
}
