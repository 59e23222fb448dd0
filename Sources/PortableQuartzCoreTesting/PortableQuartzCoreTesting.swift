// Test helpers for users' tests and ours; importing this module also brings the APIs under test.
@_exported import PortableQuartzCore
@_exported import PortableQuartzCoreExport
