// Snapshot strategies for pointfreeco/swift-snapshot-testing (our addition): layers and views rendered by
// CARenderer at a media time, and their presentation values as text. Importing this module also brings
// SnapshotTesting, PortableUIKit (with the modules below it) and PortableQuartzCoreTesting.
@_exported import PortableQuartzCoreTesting
@_exported import PortableUIKit
@_exported import SnapshotTesting
