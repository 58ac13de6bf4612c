#if canImport(SwiftUI) && canImport(UIKit) && canImport(MapKit)
import MapKit
import Observation
import SwiftUI
import SwitchboardUIKit

/// The map's delegate proxy: one line.
final class MapProxy: DelegateProxy, MKMapViewDelegate {}

/// What the places screen decides without SwiftUI or the map: which place is selected.
///
/// It implements the one map delegate method it cares about; the SwiftUI side answers the rest
/// with closures, and nobody writes a `Coordinator`. In an app, write `@Observable` on the
/// class; here its `Observable` conformance is spelled out (``ObservedValue``), because the
/// Linux toolchain that compiles this package for iOS cannot expand the SDK's macro.
@available(iOS 17, *)
@MainActor
final class PlacesModel: NSObject, MKMapViewDelegate, Observable {
  let places: [MKPointAnnotation] = [
    ("Ferry Building", 37.7955, -122.3937), ("Coit Tower", 37.8024, -122.4058),
  ].map { name, latitude, longitude in
    let place = MKPointAnnotation()
    place.title = name
    place.coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    return place
  }
  private let observed = ObservedValue<String?>(nil)
  /// The title of the place last selected on the map.
  var selected: String? { observed.get(self, \.selected) }

  func mapView(_ mapView: MKMapView, didSelect annotation: any MKAnnotation) {
    observed.set(annotation.title ?? nil, on: self, \.selected)
  }
}

/// An `MKMapView` in SwiftUI whose delegate the SwiftUI side and a view model share, with no
/// `Coordinator`.
///
/// - The view model is a handler: it implements `mapView(_:didSelect:)` itself.
/// - The SwiftUI side answers with closures, registered in `updateUIView` under a role each, so
///   every update replaces the last closure instead of adding one: region changes go into the
///   binding, and each annotation gets its view.
/// - The map owns the proxy, which holds the closures (`retention: .strong`) and the view model
///   weakly; the closures capture the binding, never the map, so nothing outlives the view.
@available(iOS 17, *)
struct PlacesMap: UIViewRepresentable {
  @Binding var region: MKCoordinateRegion
  let model: PlacesModel

  func makeUIView(context: Context) -> MKMapView {
    let map = MKMapView()
    MapProxy.attach(to: map, delegate: \.delegate, handlers: [.viewModel: model])
    map.addAnnotations(model.places)
    return map
  }

  func updateUIView(_ map: MKMapView, context: Context) {
    if map.region.center.latitude != region.center.latitude
      || map.region.center.longitude != region.center.longitude
    {
      map.setRegion(region, animated: true)
    }
    guard let proxy = MapProxy.attached(to: map, delegate: \.delegate) else { return }
    let region = $region
    proxy.answer(
      #selector(MKMapViewDelegate.mapView(_:regionDidChangeAnimated:)), role: "region",
      retention: .strong
    ) { (map: MKMapView, _: Bool) in
      region.wrappedValue = map.region
    }
    // `mapView(_:viewFor:)` has two overloads: named by its Objective-C selector.
    proxy.answer(named: "mapView:viewForAnnotation:", role: "pins", retention: .strong) {
      (map: MKMapView, annotation: any MKAnnotation) -> MKAnnotationView? in
      guard annotation is MKPointAnnotation else { return nil }  // the user's location: MapKit's
      let pin =
        map.dequeueReusableAnnotationView(withIdentifier: "place") as? MKMarkerAnnotationView
        ?? MKMarkerAnnotationView(annotation: annotation, reuseIdentifier: "place")
      pin.annotation = annotation
      pin.markerTintColor = .systemTeal
      return pin
    }
  }
}

/// The places screen: the map, and the place the view model selected.
@available(iOS 17, *)
public struct PlacesScreen: View {
  @State private var model = PlacesModel()
  @State private var region = MKCoordinateRegion(
    center: CLLocationCoordinate2D(latitude: 37.799, longitude: -122.400),
    span: MKCoordinateSpan(latitudeDelta: 0.03, longitudeDelta: 0.03))

  public init() {}

  public var body: some View {
    VStack {
      PlacesMap(region: $region, model: model)
      Text(model.selected ?? "Tap a place")
      Text(String(format: "%.4f, %.4f", region.center.latitude, region.center.longitude))
        .font(.caption.monospacedDigit())
    }
  }
}
#endif
