import Layer from 'ol/layer/Layer';
import type { FrameState } from 'ol/Map';
import Source from 'ol/source/Source';
import { compose, create as createTransform, toString as transformToString } from 'ol/transform';
import type { BasemapPalette } from './basemap-style';
import type { BasemapFrame, FromBasemapWorker, ToBasemapWorker } from './basemap-worker-messages';

/** The CSS class of the layer's element: not OpenLayers' plain `ol-layer`, so that no other
 * layer draws into this layer's canvas (OpenLayers reuses a canvas of the same class). */
const CLASS_NAME = 'ol-layer ol-layer-basemap';

type DrawnView = Extract<FromBasemapWorker, { type: 'rendered' }>['viewState'];

/**
 * The offline basemap's vector tiles drawn by a worker (basemap.worker.ts): each frame of
 * the map sends the view to the worker, which answers with a picture that this layer shows.
 * While the worker draws, the last picture is shifted and scaled to the view on screen, so
 * panning and zooming stay smooth; a frame asked for meanwhile is asked again once the worker
 * is free (never more than one frame waits). Main-thread work per frame: one image drawn.
 */
export class BasemapWorkerLayer extends Layer {
  private readonly worker: Worker;
  private readonly element: HTMLDivElement;
  /** Shifts the last picture from the view it was drawn for to the view on screen. */
  private readonly shift: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly tileErrorListeners: Array<() => void> = [];
  private frames = 0;
  private drawing = false;
  private wanted = false;
  private drawnView: DrawnView | undefined;
  private shownView: FrameState['viewState'] | undefined;

  constructor(
    tileUrl: string,
    maxZoom: number,
    options: { zIndex: number; attributions?: string | undefined; properties?: object },
  ) {
    super({
      zIndex: options.zIndex,
      className: CLASS_NAME,
      properties: options.properties as Record<string, unknown> | undefined,
      source: new Source({ attributions: options.attributions }),
    });
    this.element = document.createElement('div');
    this.element.className = CLASS_NAME;
    this.element.style.cssText = 'position:absolute;width:100%;height:100%';
    this.shift = document.createElement('div');
    this.shift.style.cssText = 'position:absolute;width:100%;height:100%';
    this.canvas = document.createElement('canvas');
    this.canvas.style.cssText = 'position:absolute;left:0;transform-origin:top left';
    this.shift.appendChild(this.canvas);
    this.element.appendChild(this.shift);

    this.worker = new Worker(new URL('./basemap.worker.ts', import.meta.url), {
      type: 'module',
      name: 'basemap',
    });
    this.worker.onmessage = ({ data }: MessageEvent<FromBasemapWorker>) => this.receive(data);
    // A worker that cannot start (a script the browser refuses) counts as tiles that cannot
    // be loaded, so a map that has a stand-in draws it.
    this.worker.onerror = () => this.tileLoadFailed();
    this.send({ type: 'start', tileUrl, maxZoom });
  }

  /** Draws the tiles in the palette and the page language from now on. */
  restyle(palette: BasemapPalette, language: string): void {
    this.send({ type: 'style', palette, language });
  }

  /** Calls `listener` once a tile could not be loaded. */
  onceTileLoadError(listener: () => void): void {
    this.tileErrorListeners.push(listener);
  }

  override render(frameState: FrameState | null): HTMLElement {
    if (frameState) {
      this.shownView = frameState.viewState;
      this.shiftToShownView();
      if (this.drawing) this.wanted = true;
      else {
        this.drawing = true;
        this.send({ type: 'render', frame: frameOf(frameState, ++this.frames) });
      }
    }
    return this.element;
  }

  protected override disposeInternal(): void {
    this.worker.terminate();
    this.tileErrorListeners.length = 0;
    super.disposeInternal();
  }

  private send(message: ToBasemapWorker): void {
    this.worker.postMessage(message);
  }

  private receive(message: FromBasemapWorker): void {
    if (this.disposed) return;
    switch (message.type) {
      case 'changed':
        this.changed();
        break;
      case 'tileloaderror':
        this.tileLoadFailed();
        break;
      case 'rendered':
        this.show(message);
        break;
    }
  }

  private show(drawn: Extract<FromBasemapWorker, { type: 'rendered' }>): void {
    this.drawing = false;
    const { image } = drawn;
    if (image) {
      const { canvas } = this;
      const context = canvas.getContext('2d');
      if (canvas.width !== image.width || canvas.height !== image.height) {
        canvas.width = image.width;
        canvas.height = image.height;
      } else context?.clearRect(0, 0, canvas.width, canvas.height);
      context?.drawImage(image, 0, 0);
      image.close();
      canvas.style.transform = drawn.transform;
      this.drawnView = drawn.viewState;
      this.shiftToShownView();
    }
    if (this.wanted) {
      this.wanted = false;
      this.changed();
    }
  }

  private tileLoadFailed(): void {
    for (const listener of this.tileErrorListeners.splice(0)) listener();
  }

  /**
   * Moves and scales the last picture about the map's centre from the view it was drawn for
   * to the view on screen (not for a rotation: the worker's next picture follows soon).
   */
  private shiftToShownView(): void {
    const shown = this.shownView;
    const drawn = this.drawnView;
    if (!shown || !drawn || shown.rotation !== drawn.rotation) {
      this.shift.style.transform = '';
      return;
    }
    const [x = 0, y = 0] = shown.center;
    const [drawnX = 0, drawnY = 0] = drawn.center;
    const scale = drawn.resolution / shown.resolution;
    const transform = compose(
      createTransform(),
      (drawnX - x) / shown.resolution,
      (y - drawnY) / shown.resolution,
      scale,
      scale,
      0,
      0,
      0,
    );
    this.shift.style.transform = transformToString(transform);
  }
}

/** The plain data of `frameState` the worker needs. */
function frameOf(frameState: FrameState, index: number): BasemapFrame {
  const { viewState } = frameState;
  return {
    index,
    size: [frameState.size[0] ?? 0, frameState.size[1] ?? 0],
    pixelRatio: frameState.pixelRatio,
    extent: frameState.extent ? [...frameState.extent] : [],
    viewState: {
      center: [...viewState.center],
      resolution: viewState.resolution,
      rotation: viewState.rotation,
      zoom: viewState.zoom,
    },
    viewHints: [...frameState.viewHints],
    coordinateToPixelTransform: [...frameState.coordinateToPixelTransform],
    pixelToCoordinateTransform: [...frameState.pixelToCoordinateTransform],
  };
}
