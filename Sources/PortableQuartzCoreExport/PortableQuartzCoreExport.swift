// Export builds on the layer tree and renderer; users of the exporters get the whole Core Animation API with it.
@_exported import PortableQuartzCore
