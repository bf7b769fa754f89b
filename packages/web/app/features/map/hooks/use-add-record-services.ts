import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { useToast } from '../../../lib/use-toast';
import { getMapServices } from '../api/get-map-services';
import { type MapLayer, newLayer } from '../model/layer-list';

export interface RecordServiceHandlers {
  /** A service layer ready to add (the record names the layer). */
  onAddService: (layer: MapLayer) => void;
  /** A service without a named layer: the layer panel offers its layers. */
  onPickService: (service: { kind: 'wms' | 'wmts'; url: string }) => void;
}

/**
 * "Add to map" for a record: reads its map services and adds each named layer, or offers the
 * layers of a service that names none. Answers the function and the id being read.
 */
export function useAddRecordServices({ onAddService, onPickService }: RecordServiceHandlers) {
  const { client } = useAccess();
  const intl = useIntl();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const add = useCallback(
    async (id: string, title: string) => {
      setBusy(id);
      try {
        const services = await getMapServices(client, id);
        if (services.length === 0) {
          toast.info(intl.formatMessage({ id: 'map.results.noServices' }));
          return;
        }
        for (const service of services) {
          if (service.layer) {
            onAddService(
              newLayer({
                kind: service.kind,
                url: service.url,
                name: service.layer,
                title: service.name ?? title,
              }),
            );
          } else {
            onPickService({ kind: service.kind, url: service.url });
          }
        }
      } catch {
        toast.error(intl.formatMessage({ id: 'map.results.servicesFailed' }));
      } finally {
        setBusy(null);
      }
    },
    [client, intl, toast, onAddService, onPickService],
  );
  return { add, busy };
}
