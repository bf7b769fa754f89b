import { register } from 'ol/proj/proj4';
import proj4 from 'proj4';

let registered = false;

/**
 * Makes ETRS89 / UTM zones 32N and 33N (EPSG:25832, 25833) known to OpenLayers, once per
 * page. proj4 is loaded only when someone picks one of them (its own chunk).
 */
export function registerProjections(): void {
  if (registered) return;
  proj4.defs(
    'EPSG:25832',
    '+proj=utm +zone=32 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs',
  );
  proj4.defs(
    'EPSG:25833',
    '+proj=utm +zone=33 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs',
  );
  register(proj4);
  registered = true;
}
