import { describe, expect, it } from 'vitest';
import { hideLoadingOverlay, loadingOverlayState, showLoadingOverlay } from '../../src/lib/loading-overlay-store';

describe('loading overlay flag (spec 2)', () => {
  it('shows with an optional message and clears message and flag together', () => {
    expect(loadingOverlayState()).toEqual({ loading: false, message: undefined });
    showLoadingOverlay('export processing');
    expect(loadingOverlayState()).toEqual({ loading: true, message: 'export processing' });
    showLoadingOverlay();
    expect(loadingOverlayState()).toEqual({ loading: true, message: undefined });
    hideLoadingOverlay();
    expect(loadingOverlayState()).toEqual({ loading: false, message: undefined });
  });
});
