export {
  AssetTypePicker,
  MachineTypePicker,
  ModelPicker,
  type Picked,
  SupplierPicker,
} from './RefPickers.tsx';
